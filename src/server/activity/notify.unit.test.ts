import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NOTIFY = path.join('activity', 'notify.ts');
/** A write to the notifications table, as SQL text or through Kysely. */
const WRITES_NOTIFICATIONS = /insert\s+into\s+notifications\b|insertInto\(\s*['"]notifications['"]/i;

describe('notifications', () => {
  it('are written only through notify() and notifySelected() in activity/notify.ts', () => {
    // The rule that drops notifications between blogs of one user lives there, once: a path that
    // inserts on its own would skip it.
    const sources = fs
      .readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.includes('.test.') && !file.startsWith(`db${path.sep}migrations`));
    expect(sources.length).toBeGreaterThan(50);
    const writers = sources.filter((file) => WRITES_NOTIFICATIONS.test(fs.readFileSync(path.join(serverDir, file), 'utf8')));
    expect(writers).toEqual([NOTIFY]);
  });
});
