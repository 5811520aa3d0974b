// The server's memory while a 200 MB upload streams in: our real app in a child process (this file,
// forked), its RSS sampled every 10 ms in that process, idle against peak. The file is a real MP4
// (ffmpeg-made, padded with a 200 MB `free` box, which players skip) when ffmpeg is installed, else
// a 200 MB WAV; the video (or audio) limit is raised for the bench through the environment.
import { execFile, fork } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { onCleanup } from './cleanup';

export const UPLOAD_MB = 200;
/** Goal: the upload costs the server less than this much memory above idle. */
export const UPLOAD_MEMORY_GOAL_MB = 150;

export interface UploadMemoryResult {
  kind: 'video' | 'audio';
  bytes: number;
  idleMb: number;
  peakMb: number;
  seconds: number;
  status: number;
  answer: string;
}

type ChildMessage =
  | { type: 'ready'; port: number; cookie: string; formKey: string }
  | { type: 'failed'; message: string }
  | { type: 'idle'; rssMb: number }
  | { type: 'peak'; rssMb: number };

const MB = 1024 * 1024;
const SELF = fileURLToPath(import.meta.url);

// ---------------------------------------------------------------------------------------------
// The child: the real app, on PGlite in memory, sampling its own RSS.

async function child() {
  const { buildApp } = await import('../src/server/app');
  const { readConfig } = await import('../src/server/config');
  const { migrateToLatest, openDatabase } = await import('../src/server/db/database');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-bench-upload-'));
  // The env of the fork raises the limits (MEDIA_MAX_VIDEO_MB, MEDIA_MAX_AUDIO_MB).
  const config = readConfig({ ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: '' });
  const database = await openDatabase({ databaseUrl: null });
  await migrateToLatest(database.db);
  // No job runner: the conversion of the video is not what is measured here.
  const app = await buildApp({ config, database, clientDir: null, logger: false, publisher: false, jobs: false, emails: false });
  const stop = async () => {
    await app.close().catch(() => {});
    await fs.rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('disconnect', () => void stop());
  try {
    const res = await app.inject({ method: 'POST', url: '/svc/account/register', payload: { email: 'bench-upload@example.com', password: 'bench-password-1', blog_name: 'bench-upload' } });
    if (res.statusCode !== 200) throw new Error(`register: ${res.statusCode} ${res.body}`);
    const cookie = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
    const formKey = (res.json() as { response: { form_key: string } }).response.form_key;
    await app.listen({ port: 0, host: '127.0.0.1' });

    let samples: number[] = [];
    let peak = 0;
    const timer = setInterval(() => {
      const rss = process.memoryUsage.rss();
      samples.push(rss);
      if (samples.length > 100) samples.shift();
      peak = Math.max(peak, rss);
    }, 10);
    timer.unref();
    process.on('message', (message) => {
      if (message === 'idle') {
        // The median of the last second: what the server holds when nothing is going on.
        const sorted = [...samples].sort((a, b) => a - b);
        process.send!({ type: 'idle', rssMb: sorted[Math.floor(sorted.length / 2)]! / MB });
        peak = 0;
        samples = [];
      } else if (message === 'peak') process.send!({ type: 'peak', rssMb: peak / MB });
      else if (message === 'stop') void stop();
    });
    process.send!({ type: 'ready', port: (app.server.address() as AddressInfo).port, cookie, formKey });
  } catch (error) {
    process.send!({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    await stop();
  }
}

// ---------------------------------------------------------------------------------------------
// The parent: makes the file's head, streams the body without holding it, asks for the figures.

/** The first bytes of the upload; the rest is `padding` zero bytes that belong to the file. */
async function fileHead(totalBytes: number): Promise<{ kind: 'video' | 'audio'; head: Buffer; padding: number }> {
  const found = await promisify(execFile)('ffmpeg', ['-version']).then(() => true, () => false);
  if (found) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-bench-clip-'));
    try {
      const out = path.join(dir, 'clip.mp4');
      await promisify(execFile)('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=d=1:s=320x240', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', out]);
      const clip = await fs.readFile(out);
      // A `free` box: its 8-byte header, then zeros to the end of the file.
      const boxBytes = totalBytes - clip.length;
      const box = Buffer.alloc(8);
      box.writeUInt32BE(boxBytes, 0);
      box.write('free', 4, 'latin1');
      return { kind: 'video', head: Buffer.concat([clip, box]), padding: boxBytes - 8 };
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
  const header = Buffer.alloc(44);
  const dataBytes = totalBytes - 44;
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44100, 24);
  header.writeUInt32LE(44100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return { kind: 'audio', head: header, padding: dataBytes };
}

function streamUpload(port: number, cookie: string, formKey: string, kind: string, head: Buffer, padding: number) {
  const boundary = '----tumbleweedbench';
  const preamble = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="${kind}"; filename="big.${kind === 'video' ? 'mp4' : 'wav'}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  );
  const ending = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/svc/media/upload',
        headers: {
          cookie,
          'x-form-key': formKey,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': preamble.length + head.length + padding + ending.length,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    const chunk = Buffer.alloc(256 * 1024);
    let left = padding;
    const pump = () => {
      while (left > 0) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end(ending);
    };
    req.write(preamble);
    req.write(head);
    pump();
  });
}

export async function benchUploadMemory(): Promise<UploadMemoryResult> {
  const totalBytes = UPLOAD_MB * MB;
  const { kind, head, padding } = await fileHead(totalBytes);
  const proc = fork(SELF, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_UPLOAD_CHILD: '1', MEDIA_MAX_VIDEO_MB: String(UPLOAD_MB + 50), MEDIA_MAX_AUDIO_MB: String(UPLOAD_MB + 50) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = onCleanup(async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    if (proc.connected) proc.send('stop');
    const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  });
  const next = <T extends ChildMessage['type']>(type: T) =>
    new Promise<Extract<ChildMessage, { type: T }>>((resolve, reject) => {
      const onMessage = (raw: unknown) => {
        const message = raw as ChildMessage;
        if (message.type === 'failed') return reject(new Error(message.message));
        if (message.type === type) {
          proc.off('message', onMessage);
          resolve(message as Extract<ChildMessage, { type: T }>);
        }
      };
      proc.on('message', onMessage);
      void exited.then(() => reject(new Error('the upload server exited')));
    });
  try {
    const ready = await next('ready');
    // Settle, then read idle: the median RSS of the last second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    proc.send('idle');
    const idle = await next('idle');
    const started = performance.now();
    const answer = await streamUpload(ready.port, ready.cookie, ready.formKey, kind, head, padding);
    const seconds = (performance.now() - started) / 1000;
    proc.send('peak');
    const peak = await next('peak');
    return { kind, bytes: totalBytes, idleMb: idle.rssMb, peakMb: peak.rssMb, seconds, status: answer.status, answer: answer.body.slice(0, 300) };
  } finally {
    await stop();
  }
}

type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };

export function printUploadMemory(result: Outcome<UploadMemoryResult>) {
  console.log(`\nServer memory during a ${UPLOAD_MB} MB upload (POST /svc/media/upload over loopback, RSS of the server process every 10 ms)`);
  if (!result.ok) return console.log(`  failed: ${result.reason}`);
  const r = result.value;
  console.log(`  file: ${r.kind === 'video' ? 'MP4 (ffmpeg clip + free box)' : 'WAV (ffmpeg not installed)'}, ${(r.bytes / MB).toFixed(0)} MB in ${r.seconds.toFixed(1)} s (${(r.bytes / MB / r.seconds).toFixed(0)} MB/s)`);
  console.log(`  answer: ${r.status} ${r.status === 200 ? '' : r.answer}`);
  console.log(`  RSS idle ${r.idleMb.toFixed(0)} MB, peak ${r.peakMb.toFixed(0)} MB, difference ${(r.peakMb - r.idleMb).toFixed(0)} MB`);
}

export function uploadMemorySummaryRows(result: Outcome<UploadMemoryResult>): string[][] {
  if (!result.ok) return [[`server RSS above idle, ${UPLOAD_MB} MB upload`, 'failed', '', '']];
  const r = result.value;
  const above = r.peakMb - r.idleMb;
  const met = r.status === 200 && above < UPLOAD_MEMORY_GOAL_MB;
  return [[`server RSS above idle, ${UPLOAD_MB} MB upload${r.status === 200 ? '' : ` (answered ${r.status})`}`, `${above.toFixed(0)} MB`, `< ${UPLOAD_MEMORY_GOAL_MB} MB`, met ? 'met' : 'MISSED']];
}

if (process.env.BENCH_UPLOAD_CHILD === '1') await child();
