// Asks, the inbox and the owner's answers (issue 14; spec 1 §7, spec 2 §7 "Sharing and ask").
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { askSchema } from '../../shared/asks/ask';
import { formFlag } from '../../shared/form-flag';
import { idText, postIdField } from '../../shared/ids';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { badFormKey, invalidField } from '../http/errors';
import { requireViewer } from '../http/session';
import { sameSecret } from '../http/tokens';
import { clientAddress } from '../limits/client-address';
import { inboxCounts } from './queries';
import { ANSWER_MAX, answer, approveSubmission, ask, blockSender, denySubmission, inbox } from './service';

const answerBody = z.object({
  post_id: postIdField('post_id'),
  tumblelog: z.string({ error: 'Say which blog answers: tumblelog is missing.' }).min(1, 'Say which blog answers: tumblelog is empty.'),
  key: z.string({ error: "key is missing: send the ask's reblog_key with it." }).min(1, "key is empty: send the ask's reblog_key."),
  answer_text: z.string({ error: 'answer_text is missing: write the answer.' }).max(ANSWER_MAX * 2, `Answers can be at most ${ANSWER_MAX} characters long.`),
});
const approveBody = z.object({ id: postIdField('id'), queue: formFlag('queue', { emptyIsOff: true }).optional().default(false) });
const denyBody = z.object({ pid: postIdField('pid') });
const blockBody = z.object({ post_id: postIdField('post_id') });
const inboxQuery = z.object({
  before: idText('before', { missing: 'before must be text.', digits: 'before must be an id from the previous page.' }).optional(),
});

export function askRoutes(app: FastifyInstance, ctx: AppContext) {
  // Logged-out visitors may ask anonymously (where the blog allows it), so the form key is checked
  // here, only when there is a session; without one the same-site check refuses other sites' forms.
  app.post('/svc/post/ask', { config: { formKey: false } }, async (request) => {
    const viewer = request.viewer;
    if (viewer) {
      const body = request.body as Record<string, unknown> | null | undefined;
      const sent = request.headers['x-form-key'] ?? (body && typeof body === 'object' ? body.form_key : undefined);
      if (typeof sent !== 'string' || !sameSecret(sent, viewer.formKey)) throw badFormKey();
    }
    const input = parse(askSchema, request.body);
    return ok(await ask(ctx, { viewer, address: clientAddress(request) }, input));
  });

  app.get<{ Params: { name: string } }>('/svc/blog/:name/inbox', async (request) => {
    const { before } = parse(inboxQuery, request.query);
    return ok(await inbox(ctx, request.viewer, request.params.name, before ?? null));
  });

  // The same pages in the feed's shape (GET /svc/post/{pageRoot}/before/{refPostId}, spec 1 §7), so
  // the inbox page is a feed like drafts and the queue, refreshed with them after a save.
  app.get<{ Params: { name: string; direction: string; ref: string } }>('/svc/post/blog/:name/inbox/:direction/:ref', async (request) => {
    if (request.params.direction !== 'before') throw invalidField('direction', 'The inbox reads newest first: page it with "before".');
    const { before } = parse(inboxQuery, { before: request.params.ref });
    return ok(await inbox(ctx, request.viewer, request.params.name, before === '0' ? null : (before ?? null)));
  });

  // The account menu's badges: what waits in each of the viewer's blogs' inboxes.
  app.get('/svc/blog/inbox_counts', async (request) => {
    const viewer = requireViewer(request);
    return ok({ counts: await inboxCounts(ctx.db, viewer.user.id) });
  });

  app.post('/answer', async (request) => {
    const viewer = requireViewer(request);
    return ok(await answer(ctx, viewer, parse(answerBody, request.body)));
  });

  app.post('/approve_submission', async (request) => {
    const viewer = requireViewer(request);
    const { id, queue } = parse(approveBody, request.body);
    return ok({ post: await approveSubmission(ctx, viewer, id, queue) });
  });

  app.post('/deny_submission', async (request) => {
    const viewer = requireViewer(request);
    await denySubmission(ctx, viewer, parse(denyBody, request.body).pid);
    return ok({});
  });

  app.post('/svc/post/block_sender', async (request) => {
    const viewer = requireViewer(request);
    return ok(await blockSender(ctx, viewer, parse(blockBody, request.body).post_id));
  });
}
