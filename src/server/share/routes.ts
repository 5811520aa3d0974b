import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isId } from '../../shared/ids';
import { blogEmailSchema, emailShareSchema, networkShareSchema, reportSchema } from '../../shared/share/schemas';
import type { NetworkShareResponse, ShareDataResponse } from '../../shared/share/types';
import type { AppContext } from '../context';
import { featureFlags } from '../flags/service';
import { ok, parse } from '../http/envelope';
import { AppError, ErrorCode, postNotFound } from '../http/errors';
import { requireViewer } from '../http/session';
import { loadView } from '../posts/service';
import { postUrl } from '../hydration/post-views';
import { emailBlog, emailPost } from './email';
import { embedKeyMatches } from './embed-key';
import { EMBED_HEADERS, embedNotFoundPage, embedPage } from './embed-page';
import { reportPost } from './report';
import { seenPost } from '../visibility';
import { networkShareWindow, notShareable, sharePopoverData, type ShareNetwork } from './share-data';

/** The networks a post can be sent to from the popover, by the name in their path. */
const NETWORKS = { twitter: 'Twitter', facebook: 'Facebook', pinterest: 'Pinterest', reddit: 'Reddit' } as const;

export function shareRoutes(app: FastifyInstance, ctx: AppContext) {
  const publicUrl = ctx.config.publicUrl;
  const ownHost = new URL(publicUrl).host;

  // What the share popover lists. It reads and changes nothing, and logged-out visitors (who
  // have no session, so no form key) see the popover too (spec 1 §1): no form key needed. Spec 2
  // §7 reads it over GET; the POST stays for the clients that send it.
  const sharePopover = async (request: FastifyRequest<{ Params: { blog: string; postId: string } }>) => {
    const { blog, postId } = request.params;
    if (!isId(postId)) throw postNotFound();
    const viewer = request.viewer;
    const seen = await seenPost(ctx.db, viewer?.user.id ?? null, postId, blog);
    const flags = await featureFlags(ctx.db, viewer?.user.id ?? null);
    return ok<ShareDataResponse>({ share_popover_data: sharePopoverData(seen, viewer && { formKey: viewer.formKey }, flags, publicUrl) });
  };
  app.post<{ Params: { blog: string; postId: string } }>('/svc/post/share/:blog/:postId', { config: { formKey: false } }, sharePopover);
  app.get<{ Params: { blog: string; postId: string } }>('/svc/post/share/:blog/:postId', sharePopover);

  // The short link of share data (post_tiny_url): to the post, for whoever may see it.
  app.get<{ Params: { postId: string } }>('/p/:postId', async (request, reply) => {
    const { postId } = request.params;
    if (!isId(postId)) throw postNotFound();
    const seen = await seenPost(ctx.db, request.viewer?.user.id ?? null, postId);
    return reply.redirect(postUrl(publicUrl, seen.blog.name, seen.post), 302);
  });

  // The embed page. Always as a logged-out visitor (it is shown on other sites, whoever is
  // logged in here): only published public posts, and only with the post's embed key.
  app.get<{ Params: { blog: string; postId: string }; Querystring: { key?: unknown } }>(
    '/embed/post/:blog/:postId',
    async (request, reply) => {
      const { blog, postId } = request.params;
      reply.headers(EMBED_HEADERS).header('cache-control', 'no-cache');
      const notFound = () => reply.code(404).send(embedNotFoundPage());
      if (!isId(postId)) return notFound();
      try {
        const seen = await seenPost(ctx.db, null, postId, blog);
        if (!embedKeyMatches(seen.post, request.query.key)) return notFound();
        return reply.send(embedPage(await loadView(ctx, null, postId), ownHost));
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return notFound();
        throw error;
      }
    },
  );

  app.post('/svc/share/email', async (request) => {
    const viewer = requireViewer(request);
    return ok(await emailPost(ctx, viewer, parse(emailShareSchema, request.body)));
  });

  app.post('/svc/email_tumblelog', async (request) => {
    const viewer = requireViewer(request);
    return ok(await emailBlog(ctx, viewer, parse(blogEmailSchema, request.body)));
  });

  // Posting to a network from the popover needs a linked account there (spec 1 §6), and this
  // site links none: these answer so, rather than pretend. A client that sends share_fallback
  // (spec 2 §7: the send-a-post popover) is answered with the network's own share page to open
  // instead, posted: false; without one, the 403 says what is missing.
  for (const [path, network] of Object.entries(NETWORKS) as [ShareNetwork, string][]) {
    app.post(`/svc/share/${path}`, async (request) => {
      const viewer = requireViewer(request);
      const input = parse(networkShareSchema, request.body);
      const seen = await seenPost(ctx.db, viewer.user.id, input.post_id, input.tumblelog_name);
      if (!seen.isPublic) throw notShareable();
      if (input.share_fallback) {
        return ok<NetworkShareResponse>({ network: path, posted: false, share_window: networkShareWindow(path, seen, publicUrl) });
      }
      throw new AppError(
        403,
        ErrorCode.notAllowed,
        `Connect a ${network} account first: this site cannot post to ${network} for you. ` +
          `Use the ${network} option of the share menu, which opens ${network}'s own share window.`,
      );
    });
  }

  // The label of a linked Facebook account: empty, as none can be linked here.
  app.post('/svc/facebook_status', async (request) => {
    requireViewer(request);
    parse(z.object({}).passthrough(), request.body);
    return ok({ label: '' });
  });

  app.post('/svc/post/report', async (request) => {
    const viewer = requireViewer(request);
    return ok(await reportPost(ctx, viewer, parse(reportSchema, request.body)));
  });
}
