// The per-account send rate (issue 22, item 12): messages an account may send per minute and per
// hour, into any conversation. Counted by the shared rate limiter (limits/rate-limit.ts) in the
// database, so every server process sees the same count. Every attempt counts, refused or not:
// a script that keeps trying does not get more through, and a full window never moves.
import { MESSAGING_TEXTS, MessagingErrorCode } from '../../shared/messaging/errors';
import type { LimitsConfig } from '../config';
import type { AppContext } from '../context';
import { refuse, retryText, take, type Bucket } from '../limits/rate-limit';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const sendRateBuckets = (limits: LimitsConfig, userId: string): Bucket[] => [
  { rule: { name: 'messaging-sends-minute', limit: limits.messagesPerMinute, windowMs: MINUTE_MS }, subject: userId },
  { rule: { name: 'messaging-sends-hour', limit: limits.messagesPerHour, windowMs: HOUR_MS }, subject: userId },
];

/** Counts one send of the account; a 429 with Retry-After when its minute or hour is full. */
export async function takeSendTurn(ctx: AppContext, userId: string): Promise<void> {
  const refusal = await take(ctx.db, sendRateBuckets(ctx.config.limits, userId));
  if (refusal) throw refuse(refusal, { fixed: MESSAGING_TEXTS.sendRate(retryText(refusal)) }, MessagingErrorCode.sendRate);
}
