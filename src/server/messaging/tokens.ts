// The polling token: what /services/poll and /services/stream are asked with. Rotating it
// (POST /svc/user/polling_token) makes the old one fail at once, in every server process.
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { Viewer } from '../http/session';

export async function rotatePollingToken(ctx: AppContext, viewer: Viewer): Promise<{ polling_token: string }> {
  const row = await ctx.db
    .updateTable('users')
    .set({ polling_token: sql<string>`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')` })
    .where('id', '=', viewer.user.id)
    .returning('polling_token')
    .executeTakeFirstOrThrow();
  await ctx.live.userChanged(viewer.user.id);
  return { polling_token: row.polling_token };
}
