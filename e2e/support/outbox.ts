import fs from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from '../../playwright.config';

/** Undoes quoted-printable (soft line breaks and =XX escapes), as a mail client would. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The newest email (headers and decoded body) for which `pick` finds something, polling until one arrives. */
async function newestEmail<T>(what: string, pick: (mail: string) => T | null, timeoutMs: number): Promise<T> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const files = (await fs.readdir(outbox).catch(() => [])).sort().reverse();
    for (const file of files) {
      const found = pick(decodeQuotedPrintable(await fs.readFile(path.join(outbox, file), 'utf8')));
      if (found !== null) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${what} in ${outbox}`);
}

/** The verification link in the newest email to `to`. */
export const verificationLinkFor = (to: string, timeoutMs = 10_000) =>
  newestEmail(
    `verification email to ${to}`,
    (mail) => (mail.includes(`To: ${to}`) ? (mail.match(/https?:\/\/[^\s"<>]+\/svc\/account\/verify\/[A-Za-z0-9_-]+/)?.[0] ?? null) : null),
    timeoutMs,
  );

/** The newest email to `to`, headers and decoded body. */
export const emailTo = (to: string, timeoutMs = 10_000) =>
  newestEmail(`email to ${to}`, (mail) => (mail.includes(`To: ${to}`) ? mail : null), timeoutMs);

/** The forgot-password link in the newest email to `to` (its token in the fragment). */
export const resetLinkFor = (to: string, timeoutMs = 10_000) =>
  newestEmail(
    `password reset email to ${to}`,
    (mail) => (mail.includes(`To: ${to}`) ? (mail.match(/https?:\/\/[^\s"<>]+\/reset-password#[A-Za-z0-9_-]+/)?.[0] ?? null) : null),
    timeoutMs,
  );
