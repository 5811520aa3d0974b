// POST /svc/log/conversion (spec 1 §7): the form field `log` is JSON naming
// CONVERSION_ACTION_HTML5_VIDEO with `extra` { player, player_version }; with `post_id`, the video
// it was. Logged-in viewers only; stored once per viewer and video post they may see.
import { z } from 'zod';
import { conversionLoggedSchema } from '../../shared/answers/logging';
import { idField } from '../../shared/ids';
import { CONVERSION_ACTION_HTML5_VIDEO } from '../../shared/players/constants';
import { endpoint, type Call } from '../http/endpoint';
import { ErrorCode, postNotFound } from '../http/errors';
import { visiblePostFrom } from '../rules/loads';

const LOG_MAX = 1000;
const text = (label: string) => z.string({ error: `${label} is missing.` }).min(1, `${label} is empty.`).max(100, `${label} is too long (100 at most).`);
const logShape = z.object({
  name: z.literal(CONVERSION_ACTION_HTML5_VIDEO, { error: `log.name must be ${CONVERSION_ACTION_HTML5_VIDEO}.` }),
  extra: z.object({ player: text('log.extra.player'), player_version: text('log.extra.player_version') }, { error: 'log.extra must name the player and player_version.' }),
});

/** The `log` field: JSON text, read and checked as the body is, so a bad one is a 400 before the post is looked up. */
const logField = z
  .string({ error: 'log is missing: send the conversion as JSON in the log field.' })
  .max(LOG_MAX, `log is too long (${LOG_MAX} characters at most).`)
  .transform((raw, check) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      check.addIssue({ code: 'custom', message: 'log must be JSON.' });
      return z.NEVER;
    }
  })
  .pipe(logShape);

const body = z.object({
  post_id: idField('post_id', { missing: 'Say which video: post_id is missing.', digits: 'post_id must be an id (digits only).' }),
  log: logField,
});

export const videoLogEndpoints = [
  endpoint({
    method: 'POST',
    path: '/svc/log/conversion',
    area: 'video-log',
    summary: 'Logs that the viewer played a video post in our HTML5 player: once per viewer and video, however often it is sent.',
    access: 'user',
    body,
    answer: conversionLoggedSchema,
    loads: { seen: visiblePostFrom((c: Call<'user', unknown, unknown, z.infer<typeof body>>) => c.body.post_id) },
    errors: [ErrorCode.notFound],
    handle: async ({ ctx, viewer, body: input, loaded }) => {
      const { post } = loaded.seen;
      if (post.type !== 'video') throw postNotFound();
      await ctx.db
        .insertInto('video_conversions')
        .values({ user_id: viewer.user.id, post_id: post.id, player: input.log.extra.player, player_version: input.log.extra.player_version })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return {};
    },
  }),
];
