import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../test/test-app';
import { DEMO_EMAIL, seedDemoData } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo login printed at start', () => {
  it('is printed once, when the demo is created, saying where it is kept; later starts print only where', async () => {
    const loginFile = path.join(t.dataDir, 'demo-login.txt');
    const first = await seedDemoData(t.ctx);
    const [, password] = first!.match(/^Demo login: demo@tumbleweed\.local \/ (\S+) \(kept in (.+); it is not printed again\)$/)!;
    expect(first).toContain(loginFile);
    expect(await fs.readFile(loginFile, 'utf8')).toBe(`Demo login: ${DEMO_EMAIL} / ${password}\n`);
    expect((await fs.stat(loginFile)).mode & 0o777).toBe(0o600);
    await login(t.app, { email: DEMO_EMAIL, password: password! });

    const second = await seedDemoData(t.ctx);
    expect(second).toBe(`Demo login: in ${loginFile}`);
    expect(second).not.toContain(password);
  });
});
