// What a job or a store needs of the app's logger (pino, through Fastify), by the levels it uses:
// tests pass a plain object instead.
export type Log<Level extends 'info' | 'warn' | 'error'> = Record<Level, (obj: object, msg: string) => void>;
