// The bare servers the messaging scenario compares with: a Fastify hello-world route (for
// /services/poll) and a route doing the same insert transaction as a send (for the sends per
// second), with no sessions, rules or answer building. The send also counts the sender's send
// rate (issue 22, item 12) with the very statement ours sends, beside its first read as ours does:
// the per-account limit is part of every send, so the baseline pays it too.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { readConfig } from '../src/server/config';
import { countHits } from '../src/server/limits/rate-limit';
import { sendRateBuckets } from '../src/server/messaging/send-rate';
import type { StartedServer } from './our-server';
import { sqlCompiler } from './sql-compiler';


// The limits ours runs with in the bench (BENCH_MESSAGING_LIMIT): counted, never reached.
const benchLimits = readConfig({ LIMIT_MESSAGES_PER_MINUTE: '100000000', LIMIT_MESSAGES_PER_HOUR: '100000000' }).limits;

export async function startBareMessagingServer(databaseUrl: string): Promise<StartedServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  app.post<{ Body: { conversation_id: string; sender_blog_id: string; sender_user_id: string; message: string } }>('/send', async (request) => {
    const { conversation_id: conversationId, sender_blog_id: sender, sender_user_id: userId, message } = request.body;
    const counted = countHits(sendRateBuckets(benchLimits, userId))!.query.compile(sqlCompiler);
    const [client] = await Promise.all([pool.connect(), pool.query(counted.sql, [...counted.parameters])]);
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
