// POST /svc/log/conversion (spec 1 §7): the form field `log` is JSON naming
// CONVERSION_ACTION_HTML5_VIDEO with `extra` { player, player_version }; with `post_id`, the video
// it was. Logged-in viewers only; stored once per viewer and video post they may see.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idField } from '../../shared/ids';
import { CONVERSION_ACTION_HTML5_VIDEO } from '../../shared/players/constants';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { invalidField, postNotFound } from '../http/errors';
import { requireViewer } from '../http/session';
import { seenPost } from '../visibility';

const LOG_MAX = 1000;
const text = (label: string) => z.string({ error: `${label} is missing.` }).min(1, `${label} is empty.`).max(100, `${label} is too long (100 at most).`);
const logShape = z.object({
  name: z.literal(CONVERSION_ACTION_HTML5_VIDEO, { error: `log.name must be ${CONVERSION_ACTION_HTML5_VIDEO}.` }),
  extra: z.object({ player: text('log.extra.player'), player_version: text('log.extra.player_version') }, { error: 'log.extra must name the player and player_version.' }),
});
const body = z.object({
  post_id: idField('post_id', { missing: 'Say which video: post_id is missing.', digits: 'post_id must be an id (digits only).' }),
  log: z.string({ error: 'log is missing: send the conversion as JSON in the log field.' }).max(LOG_MAX, `log is too long (${LOG_MAX} characters at most).`),
});

function parseLog(raw: string) {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw invalidField('log', 'log must be JSON.');
  }
  return parse(logShape, json);
}

export function videoLogRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/svc/log/conversion', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(body, request.body);
    const log = parseLog(input.log);
    const { post } = await seenPost(ctx.db, viewer.user.id, input.post_id);
    if (post.type !== 'video') throw postNotFound();
    await ctx.db
      .insertInto('video_conversions')
      .values({ user_id: viewer.user.id, post_id: post.id, player: log.extra.player, player_version: log.extra.player_version })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return ok({});
  });
}
