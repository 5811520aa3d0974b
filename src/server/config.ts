import path from 'node:path';

/** Everything the server reads from its environment, read in this one place. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: the embedded PGlite database under dataDir. */
  databaseUrl: string | null;
  /** Absent: emails are written as files to dataDir/outbox. */
  smtpUrl: string | null;
  /** The address people reach the site at; used in emails and for the Secure cookie flag. */
  publicUrl: string;
  logLevel: string;
  /** Create demo blogs when the database has no users yet. */
  seedDemo: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${env.PORT}".`);
  }
  const host = env.HOST || '127.0.0.1';
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL such as https://example.com, got "${env.PUBLIC_URL}".`);
  }
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    publicUrl,
    logLevel: env.LOG_LEVEL || 'info',
    seedDemo: env.SEED_DEMO !== 'false',
  };
}
