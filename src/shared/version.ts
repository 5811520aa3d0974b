/** The product's version, as package.json says it (a unit test holds them equal): the API description and NodeInfo report it. */
export const APP_VERSION = '0.1.0';
