import { SHARE_EMAIL } from '../../shared/share/constants';

/** The 'Let them reply to' switch as last set in this browser (off until someone turns it on). */
export function readReplyTo(cookies: string = document.cookie): boolean {
  const pair = cookies.split(';').map((c) => c.trim()).find((c) => c.startsWith(`${SHARE_EMAIL.replyToCookie}=`));
  return pair?.slice(SHARE_EMAIL.replyToCookie.length + 1) === '1';
}

/** Remembers the switch for a year (spec 1 §9: 31536000 s). */
export function rememberReplyTo(on: boolean) {
  document.cookie = `${SHARE_EMAIL.replyToCookie}=${on ? '1' : '0'}; max-age=${SHARE_EMAIL.replyToCookieMaxAgeSeconds}; path=/; samesite=lax`;
}
