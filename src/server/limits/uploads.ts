import type { AppContext } from '../context';
import { refuse, retryText, take, type LimitRule, type Refusal } from './rate-limit';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

function rules(ctx: AppContext) {
  const { uploadsPerHour, uploadBytesPerDay } = ctx.config.limits;
  return {
    perAccount: { name: 'upload-account', limit: uploadsPerHour, windowMs: HOUR_MS },
    // A few people behind one address (a household, an office) share it.
    perAddress: { name: 'upload-address', limit: uploadsPerHour * 3, windowMs: HOUR_MS },
    bytes: { name: 'upload-bytes', limit: uploadBytesPerDay, windowMs: DAY_MS },
  } satisfies Record<string, LimitRule>;
}

/**
 * Counts an upload against the account's and the address's hourly allowance before any byte is
 * read, and refuses it when either is used up, or when the account's daily bytes are. The bytes
 * are counted once the file is in (countUploadBytes): an upload may end past the quota, but
 * none starts past it.
 */
export async function takeUploadAllowance(ctx: AppContext, userId: string, address: string): Promise<void> {
  const rule = rules(ctx);
  const refusal = await take(ctx.db, [
    { rule: rule.perAccount, subject: userId },
    { rule: rule.perAddress, subject: address },
    { rule: rule.bytes, subject: userId, cost: 0 },
  ]);
  if (!refusal) return;
  const limit = refusal.bucket.rule;
  if (limit === rule.bytes) throw dayBytesSpent(refusal, rule.bytes);
  throw refuse(refusal, limit === rule.perAddress ? 'uploads from your network in the last hour' : `uploads: at most ${rule.perAccount.limit} files an hour`);
}

/** docs/api.md quotes this one to the letter (it is also what an image message meets). */
const dayBytesSpent = (refusal: Refusal, rule: LimitRule) =>
  refuse(refusal, { fixed: `You have uploaded the ${Math.floor(rule.limit / 1024 / 1024)} MB you can upload in a day. Try again ${retryText(refusal)}.` });

/** Adds a received file's size to the account's daily bytes. */
export async function countUploadBytes(ctx: AppContext, userId: string, bytes: number): Promise<void> {
  await take(ctx.db, [{ rule: rules(ctx).bytes, subject: userId, cost: bytes }]);
}

/**
 * Image messages share the day's upload bytes with post uploads (not the hourly count of files,
 * which is for posts): refused before any byte is read once the day's bytes are used up, and
 * counted with countUploadBytes once the file is in.
 */
export async function checkUploadBytes(ctx: AppContext, userId: string): Promise<void> {
  const rule = rules(ctx).bytes;
  const refusal = await take(ctx.db, [{ rule, subject: userId, cost: 0 }]);
  if (refusal) throw dayBytesSpent(refusal, rule);
}
