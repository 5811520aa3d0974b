// Which words a failed messaging call shows (spec 2 §8): chosen by HTTP status and the first
// error code of the answer; anything else is one of the generic lines, at random.
import {
  GENERIC_ERRORS,
  SEND_RETRY_TEXTS,
  TEXT_CANNOT_RECEIVE,
  TEXT_DAILY_LIMIT,
  TEXT_ONLY_TO_FOLLOWED,
  TEXT_VERIFY_EMAIL,
  textOnlyFollowed,
} from '../../shared/messaging/constants';
import { ApiError } from '../api/client';

const pick = <T>(list: readonly T[], random: () => number) => list[Math.floor(random() * list.length)]!;

export function fetchErrorText(error: unknown, otherBlog: string, random: () => number = Math.random): string {
  const status = error instanceof ApiError ? error.status : 0;
  const code = error instanceof ApiError ? error.items[0]?.code : undefined;
  if (status === 403 && code === 7001) return TEXT_VERIFY_EMAIL;
  if (status === 403 && code === 7003) return textOnlyFollowed(otherBlog);
  if (status === 403 && code === 7002) return TEXT_CANNOT_RECEIVE;
  if (status === 409) return TEXT_ONLY_TO_FOLLOWED;
  if (status === 429 && code === 7004) return TEXT_DAILY_LIMIT;
  // Any other 429 (the send rate) says in its own words when to try again.
  if (status === 429 && error instanceof ApiError) return error.message;
  return pick(GENERIC_ERRORS, random);
}

/** Spec 2 §5: a failed fetch may be retried, but not a 403 or a 429. */
export const fetchRetriable = (error: unknown) => !(error instanceof ApiError && (error.status === 403 || error.status === 429));

export const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/** Under a message that did not send: one of the retry lines. */
export const sendRetryText = (random: () => number = Math.random) => pick(SEND_RETRY_TEXTS, random);
