import fs from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from '../../playwright.config';

/** Undoes quoted-printable (soft line breaks and =XX escapes), as a mail client would. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The verification link in the newest email to `to`, polling until it arrives. */
export async function verificationLinkFor(to: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const files = (await fs.readdir(outbox).catch(() => [])).sort().reverse();
    for (const file of files) {
      const mail = decodeQuotedPrintable(await fs.readFile(path.join(outbox, file), 'utf8'));
      if (!mail.includes(`To: ${to}`)) continue;
      const link = mail.match(/https?:\/\/[^\s"<>]+\/svc\/account\/verify\/[A-Za-z0-9_-]+/);
      if (link) return link[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No verification email to ${to} in ${outbox}`);
}
