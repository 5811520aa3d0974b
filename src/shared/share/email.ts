import { SHARE_EMAIL } from './constants';

/**
 * The loose address pattern of spec 1 §5: some text, an @, some text, a dot, some text. It only
 * catches typing slips; the mail server is the judge of whether the address exists.
 */
export const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True when the email share's send button may be enabled for this address. */
export function canSendTo(address: string): boolean {
  const trimmed = address.trim();
  return trimmed.length > 0 && trimmed.length <= SHARE_EMAIL.addressMax && LOOSE_EMAIL.test(trimmed);
}
