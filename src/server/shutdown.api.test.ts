import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real entry point, as `npm start` runs it, on an embedded database in a temporary folder.
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-shutdown-'));
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

function start(): Promise<{ child: ChildProcess; port: number; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = out.match(/running at http:\/\/localhost:(\d+)\//)?.[1];
      if (port) resolve({ child, port: Number(port), exited });
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', () => reject(new Error(`server exited before listening:\n${out}`)));
  });
}

/** Sends a request whose body arrives in two parts; returns the raw answer once complete. */
function slowRequest(port: number, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /svc/account/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
  );
  const answer = new Promise<string>((resolve) => {
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('close', () => resolve(data));
  });
  return { finish: () => socket.write(body.slice(half)), answer, connected: new Promise((r) => socket.on('connect', r)) };
}

describe('SIGTERM', () => {
  it('finishes the request in flight, exits 0, and the data is there after a restart', { timeout: 90_000 }, async () => {
    const first = await start();
    const body = JSON.stringify({ email: 'last@example.com', password: 'long enough', blog_name: 'last-one' });
    const request = slowRequest(first.port, body);
    await request.connected;
    await new Promise((resolve) => setTimeout(resolve, 200));
    first.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    request.finish();
    expect(await request.answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(await first.exited).toBe(0);

    // New connections are refused once it has stopped; a restart finds the account.
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
