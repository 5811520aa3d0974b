// The bare servers the messaging scenario compares with: a Fastify hello-world route (for
// /services/poll) and a route doing the same insert transaction as a send (for the sends per
// second), with no sessions, rules or answer building.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import type { StartedServer } from './our-server';

export async function startBareMessagingServer(databaseUrl: string): Promise<StartedServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  app.post<{ Body: { conversation_id: string; sender_blog_id: string; message: string } }>('/send', async (request) => {
    const { conversation_id: conversationId, sender_blog_id: sender, message } = request.body;
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ id: string }>(
        `insert into messages (conversation_id, sender_blog_id, type, content) values ($1, $2, 'TEXT', $3) returning id`,
        [conversationId, sender, JSON.stringify({ text: message, formatting: [] })],
      );
      const id = rows[0]!.id;
      await client.query('update conversations set last_modified_ts = greatest(last_modified_ts, $1) where id = $2', [id, conversationId]);
      await client.query(
        `update conversation_participants set last_modified_ts = greatest(last_modified_ts, $1), status = 'ACTIVE',
          unread_count = case when blog_id = $2 then 0 else unread_count + 1 end,
          last_read_ts = case when blog_id = $2 then greatest(last_read_ts, $1) else last_read_ts end
         where conversation_id = $3`,
        [id, sender, conversationId],
      );
      await client.query('commit');
      return { id };
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
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
