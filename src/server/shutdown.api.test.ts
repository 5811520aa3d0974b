import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './test/server-process';

// The real entry point, as `npm start` runs it, on an embedded database in a temporary folder.
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-shutdown-'));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

const start = () => startServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, children);

/**
 * Sends a request whose body arrives in two parts. `started` resolves once the server has read
 * the headers and begun the request (it answers "100 Continue"), so it is in flight from then on,
 * however slow the machine; `answer` is the final answer once complete.
 */
function slowRequest(port: number, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /svc/account/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
  );
  let data = '';
  let begun = () => {};
  const started = new Promise<void>((resolve) => (begun = resolve));
  socket.on('data', (chunk) => {
    data += chunk.toString();
    if (/^HTTP\/1\.1 100 /.test(data)) begun();
  });
  const answer = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(data.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '')));
  });
  return { finish: () => socket.write(body.slice(half)), answer, started };
}

/** Resolves once the server refuses new connections: it has begun to shut down. */
async function refusingConnections(port: number) {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.on('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('SIGTERM', () => {
  it('finishes the request in flight, exits 0, and the data is there after a restart', { timeout: 90_000 }, async () => {
    const first = await start();
    const body = JSON.stringify({ email: 'last@example.com', password: 'long enough', blog_name: 'last-one' });
    const request = slowRequest(first.port, body);
    await request.started;
    first.child.kill('SIGTERM');
    // New connections are refused once it has begun to stop; the one in flight is still served.
    await refusingConnections(first.port);
    request.finish();
    expect(await request.answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(await first.exited).toBe(0);

    // A restart finds the account.
    const second = await start();
    const login = await fetch(`http://127.0.0.1:${second.port}/svc/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'last@example.com', password: 'long enough' }),
    });
    expect(login.status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });
});
