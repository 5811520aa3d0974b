/**
 * The call-to-action button's texts (spec 2 §2: "a call-to-action button" from the stored
 * enableCTA, ctaTextCode, ctaLinkUrl and ctaAndroidLinkUrl). The spec stores a number and shows
 * no text for any code, so this table is ours, documented in docs/api.md. Short verbs in the
 * product's plain voice, sentence case, no ending stop. Code 0 is the form's default.
 * Append new codes at the end: a stored post keeps its number.
 */
export const CTA_TEXTS = [
  'Learn more',
  'Shop now',
  'Sign up',
  'Download',
  'Watch now',
  'Listen now',
  'Read more',
  'Get tickets',
  'Donate',
  'Contact us',
] as const;

export type CtaText = (typeof CTA_TEXTS)[number];

export function isCtaTextCode(code: number): boolean {
  return Number.isInteger(code) && code >= 0 && code < CTA_TEXTS.length;
}

export const CTA_CODE_MESSAGE = `cta_text_code must be a whole number from 0 to ${CTA_TEXTS.length - 1} (0 "Learn more"; the list is in the API guide).`;

/** A post's button as every reader sees it: present only when turned on with a link that validated. */
export interface PostCta {
  text_code: number;
  text: CtaText;
  link_url: string;
  /** Used instead of link_url on Android devices when set. */
  android_link_url: string | null;
}

/** Builds the button from stored options; anything off, unknown or without a link gives none. */
export function ctaFromOptions(options: Record<string, unknown>): PostCta | null {
  if (options['enable_cta'] !== true) return null;
  const link = options['cta_link_url'];
  const code = options['cta_text_code'];
  if (typeof link !== 'string' || !link || typeof code !== 'number' || !isCtaTextCode(code)) return null;
  const android = options['cta_android_link_url'];
  return { text_code: code, text: CTA_TEXTS[code]!, link_url: link, android_link_url: typeof android === 'string' && android ? android : null };
}
