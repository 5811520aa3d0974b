import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idField, postIdMessage } from '../../shared/ids';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { requireViewer } from '../http/session';
import { addBlock, blockedPage, removeBlock } from './service';

const blogName = (field: string) =>
  z
    .string({ error: `Say which blog: ${field} is missing.` })
    .trim()
    .min(1, `Say which blog: ${field} is empty.`)
    .max(100, `${field} is not a blog name.`);

const postId = idField('blocked_post', { missing: 'blocked_post must be a post id.', digits: postIdMessage('blocked_post') });

// Spec 1 §7: tumblelog (the blocking blog), blocked_tumblelog or blocked_post, block_context.
const addBody = z.object({
  tumblelog: blogName('tumblelog'),
  blocked_tumblelog: blogName('blocked_tumblelog').optional(),
  blocked_post: postId.optional(),
  block_context: z.string({ error: 'block_context must be text.' }).max(200, 'Keep block_context to 200 characters or fewer.').optional(),
});
const removeBody = z.object({ tumblelog: blogName('tumblelog'), blocked_tumblelog: blogName('blocked_tumblelog') });
const listQuery = z.object({ tumblelog: blogName('tumblelog'), before: z.string().optional() });

export function blockRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/svc/block/add', async (request) => {
    const viewer = requireViewer(request);
    return ok(await addBlock(ctx, viewer, parse(addBody, request.body)));
  });

  app.post('/svc/block/remove', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(removeBody, request.body);
    return ok(await removeBlock(ctx, viewer, input.tumblelog, input.blocked_tumblelog));
  });

  app.get('/svc/block/list', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(listQuery, request.query);
    return ok(await blockedPage(ctx, viewer, input.tumblelog, input.before));
  });
}
