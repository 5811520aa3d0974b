// The real entry point in a child process, for tests that need a real process: signals, a crash
// that would end it, a database that goes away under it.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Resolves with the exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
}

/**
 * Starts `src/server/main.ts` on 127.0.0.1 and a free port and resolves once it listens. Node runs
 * the server itself, with tsx as a loader (`--import`), not under tsx's command line, which is a
 * second process that relays signals: it waits 30 ms for the server to confirm each one and, on a
 * busy machine, gives up and kills it, exiting with 130 instead of the server's own code.
 */
export function startServer(env: NodeJS.ProcessEnv, children: ChildProcess[]): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = out.match(/running at http:\/\/localhost:(\d+)\//)?.[1];
      if (port) resolve({ child, port: Number(port), exited, output: () => out });
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', () => reject(new Error(`server exited before listening:\n${out}`)));
  });
}
