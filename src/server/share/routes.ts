import { z } from 'zod';
import { isId } from '../../shared/ids';
import { facebookStatusSchema, networkShareAnswerSchema, reportAnswerSchema, shareDataSchema, shareEmailSchema } from '../../shared/answers/share';
import { blogEmailSchema, emailShareSchema, networkShareSchema, reportSchema } from '../../shared/share/schemas';
import { featureFlags } from '../flags/service';
import { endpoint, type Loader, type Method } from '../http/endpoint';
import { AppError, ErrorCode } from '../http/errors';
import { postUrl } from '../hydration/post-views';
import { loadView } from '../posts/service';
import { visiblePost } from '../rules/posts';
import { visiblePostAt, visiblePostFrom, type CallWith } from '../rules/loads';
import type { SeenPost } from '../visibility';
import { blogToShare, emailBlog, emailPost, senderBlog } from './email';
import { embedKeyMatches } from './embed-key';
import { EMBED_HEADERS, embedNotFoundPage, embedPage } from './embed-page';
import { reportPost } from './report';
import { networkShareWindow, notShareable, sharePopoverData, type ShareNetwork } from './share-data';
import { checkNetworkMessage } from './network-message';

/** The networks a post can be sent to from the popover, by the name in their path. */
const NETWORKS = { twitter: 'Twitter', facebook: 'Facebook', pinterest: 'Pinterest', reddit: 'Reddit' } as const;

type PostPath = CallWith<'params', { blog: string; postId: string }>;
const postPathParams = z.object({ blog: z.string(), postId: z.string() });

/** The post a body names (post_id, and tumblelog_name when sent: the post's blog, else 404). */
type PostBody = CallWith<'body', { post_id: string; tumblelog_name?: string }>;

/** A post the viewer may see that others may see too: one only its owner sees has nothing to share (403). */
const postToShare: Loader<PostBody, SeenPost> = {
  describe: 'a post the viewer may see (404 otherwise) that is public (403 for one only its owner sees)',
  errors: [ErrorCode.notFound, ErrorCode.notAllowed],
  load: async ({ ctx, viewer, body }) => {
    const seen = await visiblePost(ctx.db, viewer, body.post_id, body.tumblelog_name);
    if (!seen.isPublic) throw notShareable();
    return seen;
  },
};

// What the share popover lists. It reads and changes nothing, and logged-out visitors (who have no
// session, so no form key) see the popover too (spec 1 §1): no form key needed. Spec 2 §7 reads it
// over GET; the POST stays for the clients that send it.
const sharePopover = (method: Method) =>
  endpoint({
    method,
    path: '/svc/post/share/:blog/:postId',
    area: 'share',
    summary: 'What the share popover lists for a post: its addresses, the embed code, and which options to show this viewer.',
    access: 'anyone',
    formKey: false,
    params: postPathParams,
    answer: shareDataSchema,
    loads: { seen: visiblePostAt((c: PostPath) => c.params.postId, (c) => c.params.blog) },
    handle: async ({ ctx, viewer, loaded: { seen } }) => {
      const flags = await featureFlags(ctx.db, viewer?.user.id ?? null);
      return { share_popover_data: sharePopoverData(seen, viewer && { formKey: viewer.formKey }, flags, ctx.config.publicUrl) };
    },
  });

// Posting to a network from the popover needs a linked account there (spec 1 §6), and this site
// links none: these answer so, rather than pretend. A client that sends share_fallback (spec 2 §7:
// the send-a-post popover) is answered with the network's own share page to open instead,
// posted: false; without one, the 403 says what is missing.
const networkShare = (network: ShareNetwork, name: string) =>
  endpoint({
    method: 'POST',
    path: `/svc/share/${network}`,
    area: 'share',
    summary: `Posting to ${name} for the person, which this site cannot do: with share_fallback, ${name}'s own share page to open instead.`,
    access: 'user',
    body: networkShareSchema,
    answer: networkShareAnswerSchema,
    loads: { seen: postToShare },
    errors: [ErrorCode.notAllowed],
    handle: async ({ ctx, body, loaded: { seen } }) => {
      checkNetworkMessage(network, body.message);
      if (body.share_fallback) return { network, posted: false as const, share_window: networkShareWindow(network, seen, ctx.config.publicUrl, body.message) };
      throw new AppError(
        403,
        ErrorCode.notAllowed,
        `Connect a ${name} account first: this site cannot post to ${name} for you. ` +
          `Use the ${name} option of the share menu, which opens ${name}'s own share window.`,
      );
    },
  });

export const shareEndpoints = [
  sharePopover('GET'),
  sharePopover('POST'),
  endpoint({
    method: 'GET',
    path: '/p/:postId',
    area: 'share',
    summary: "A post's short link (the share data's post_tiny_url): to the post, for whoever may see it.",
    access: 'anyone',
    params: z.object({ postId: z.string() }),
    answer: { raw: 'redirect', description: "A 302 to the post's address." },
    loads: { seen: visiblePostAt((c: CallWith<'params', { postId: string }>) => c.params.postId) },
    handle: async ({ ctx, reply, loaded: { seen } }) => reply.redirect(postUrl(ctx.config.publicUrl, seen.blog.name, seen.post), 302),
  }),
  endpoint({
    method: 'GET',
    path: '/embed/post/:blog/:postId',
    area: 'share',
    // Always as a logged-out visitor (it is shown on other sites, whoever is logged in here): only
    // published public posts, and only with the post's embed key.
    summary: "A post's embed page, for another site's iframe: only a public post, only with its embed key.",
    access: 'anyone',
    params: postPathParams,
    // Any key but the post's, or several, is no key: the page of a post not there.
    query: z.object({ key: z.string().optional().catch(undefined) }),
    answer: { raw: 'html', description: 'The post as a standalone page, or the page of a post not available (404).' },
    handle: async ({ ctx, reply, params: { blog, postId }, query }) => {
      reply.headers(EMBED_HEADERS).header('cache-control', 'no-cache');
      // Every refusal is a page, not the envelope: the frame shows it.
      const notFound = () => reply.code(404).send(embedNotFoundPage());
      try {
        if (!isId(postId)) return notFound();
        const seen = await visiblePost(ctx.db, null, postId, blog);
        if (!embedKeyMatches(seen.post, query.key)) return notFound();
        return reply.send(embedPage(await loadView(ctx, null, postId), new URL(ctx.config.publicUrl).host));
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return notFound();
        throw error;
      }
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/share/email',
    area: 'share',
    summary: 'Emails a post to an address, in the name of the blog the viewer acts as (at most 10 emailed shares an hour).',
    access: 'user',
    body: emailShareSchema,
    answer: shareEmailSchema,
    loads: { seen: postToShare, sender: senderBlog },
    errors: [ErrorCode.rateLimited, ErrorCode.internal],
    handle: async ({ ctx, viewer, body, loaded: { seen, sender } }) => emailPost(ctx, viewer, seen, sender, body),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/email_tumblelog',
    area: 'share',
    summary: 'Emails a blog to an address, in the name of the blog the viewer acts as (at most 10 emailed shares an hour).',
    access: 'user',
    body: blogEmailSchema,
    answer: shareEmailSchema,
    loads: { blog: blogToShare, sender: senderBlog },
    errors: [ErrorCode.rateLimited, ErrorCode.internal],
    handle: async ({ ctx, viewer, body, loaded: { blog, sender } }) => emailBlog(ctx, viewer, blog, sender, body),
  }),
  ...(Object.entries(NETWORKS) as [ShareNetwork, string][]).map(([network, name]) => networkShare(network, name)),
  endpoint({
    method: 'POST',
    path: '/svc/facebook_status',
    area: 'share',
    summary: 'The label of a linked Facebook account: empty, as none can be linked here.',
    access: 'user',
    // Any fields (the client sends its own); only a body that is no object is refused.
    body: z.looseObject({}),
    answer: facebookStatusSchema,
    handle: async () => ({ label: '' }),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/post/report',
    area: 'share',
    summary: "Reports a post to the moderators, once while the reporter's report of it is open.",
    access: 'user',
    body: reportSchema,
    answer: reportAnswerSchema,
    loads: { seen: visiblePostFrom((c: CallWith<'body', { post_id: string; tumblelog_name?: string }>) => c.body.post_id, (c) => c.body.tumblelog_name) },
    errors: [ErrorCode.notAllowed, ErrorCode.suspended],
    handle: async ({ ctx, viewer, body, loaded: { seen } }) => reportPost(ctx, viewer, seen, body),
  }),
];
