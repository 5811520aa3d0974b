import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idText } from '../../shared/ids';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { requireViewer } from '../http/session';
import { NO_CURSOR } from '../posts/queries';
import { followTag, taggedPosts, tagParam, unfollowTag } from './service';

const pageQuery = z.object({
  before: idText('before', { missing: 'before must be text.', digits: 'The before cursor is not one this server gave out.' }).optional(),
});
const emptyBody = z.object({}).passthrough().optional();

export function tagRoutes(app: FastifyInstance, ctx: AppContext) {
  // Anyone may read a tag's public posts; the viewer's blocks and follow come with a session.
  app.get<{ Params: { tag: string } }>('/svc/tagged/:tag', async (request) => {
    const tag = tagParam(request.params.tag);
    const { before } = parse(pageQuery, request.query);
    return ok(await taggedPosts(ctx, request.viewer?.user.id ?? null, tag, before ?? NO_CURSOR));
  });

  app.post<{ Params: { tag: string } }>('/svc/tag/:tag/follow', async (request) => {
    const viewer = requireViewer(request);
    parse(emptyBody, request.body);
    return ok(await followTag(ctx, viewer.user.id, tagParam(request.params.tag)));
  });

  app.delete<{ Params: { tag: string } }>('/svc/tag/:tag/follow', async (request) => {
    const viewer = requireViewer(request);
    parse(emptyBody, request.body);
    return ok(await unfollowTag(ctx, viewer.user.id, tagParam(request.params.tag)));
  });
}
