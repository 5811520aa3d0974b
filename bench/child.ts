import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onCleanup } from './cleanup';

const SERVE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'serve.ts');

export interface ChildServer {
  name: string;
  port: number;
  token?: string;
  sql?: string[];
  /** The child's process id (its memory is read from /proc by the messaging scenario). */
  pid?: number;
  stop(): Promise<void>;
}

type Message = { type: 'ready'; port: number; token?: string; sql?: string[] } | { type: 'failed'; message: string };

/** Forks bench/serve.ts for one server and waits until it listens (or fails). */
export function startChild(
  name: string,
  env: {
    BENCH_SERVER: 'ours' | 'bare';
    BENCH_DATABASE_URL?: string;
    BENCH_SCENARIO?: 'feed' | 'plain' | 'messaging-bare' | 'blog-viewer' | 'logging-bare';
    /** The logging scenario lifts the per-session log batch limit (it measures ingest, not the limit). */
    BENCH_LOG_LIMIT?: string;
    /** The messaging scenario lifts the send rate and the stream caps (it measures sends and streams, not the limits). */
    BENCH_MESSAGING_LIMIT?: string;
  },
  timeoutMs = 60_000,
): Promise<ChildServer> {
  const child = fork(SERVE, [], {
    // Set explicitly: the parent's own execArgv are tsx's internals.
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = onCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send('stop');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  });

  return new Promise<ChildServer>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.off('exit', onEarlyExit);
      void stop().finally(() => reject(new Error(`${name}: ${why}`)));
    };
    const onEarlyExit = (code: number | null, signal: string | null) => fail(`exited early (${signal ?? code})`);
    const timer = setTimeout(() => fail(`not listening after ${timeoutMs / 1000} s`), timeoutMs);
    child.once('exit', onEarlyExit);
    child.once('message', (raw) => {
      const message = raw as Message;
      if (message.type === 'failed') return fail(message.message);
      clearTimeout(timer);
      child.off('exit', onEarlyExit);
      resolve({ name, port: message.port, token: message.token, sql: message.sql, pid: child.pid, stop });
    });
  });
}
