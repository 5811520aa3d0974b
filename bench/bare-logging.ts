// The bare server the logging scenario compares with: a route doing the same multi-row insert as
// POST /services/cslog, with no session, validation, rate limit or answer building.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import type { StartedServer } from './our-server';

type Event = { name: string; post_id?: string; ts?: number } & Record<string, unknown>;

export async function startBareLoggingServer(databaseUrl: string): Promise<StartedServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  app.post<{ Body: { events: Event[] } }>('/log', async (request) => {
    const { events } = request.body;
    const day = new Date().toISOString().slice(0, 10);
    const params: unknown[] = [];
    const rows = events.map(({ name, post_id: postId, ts, ...fields }) => {
      const at = params.length;
      params.push(day, ts ? new Date(ts) : null, null, name, postId ?? null, JSON.stringify(fields));
      return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6})`;
    });
    await pool.query(`insert into log_events (day, client_ts, user_id, name, post_id, fields) values ${rows.join(', ')}`, params);
    return { stored: events.length };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as AddressInfo).port,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}
