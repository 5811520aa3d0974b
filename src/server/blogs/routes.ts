import path from 'node:path';
import { z } from 'zod';
import { createBlogSchema, queueSettingsSchema, selectBlogSchema } from '../../shared/account';
import { tumblelogIncludeQuery } from '../../shared/activity/schemas';
import { channelAnswerSchema, queueSettingsAnswerSchema, tumblelogDataSchema } from '../../shared/answers/blogs';
import { AVATAR_SIZES } from '../../shared/constants';
import { tumblelogOwnerData } from '../activity/service';
import { endpoint } from '../http/endpoint';
import { ErrorCode } from '../http/errors';
import { avatarVersion } from '../hydration/avatar-url';
import { blogView, channelView, ownerMessagingSettings } from '../hydration/blog-views';
import { NOT_FOLLOWING } from '../rules/blogs';
import { blogWithRelationFrom, namedBlogFrom, ownedBlogFrom, type CallWith } from '../rules/loads';
import { avatarPng, uploadedAvatar } from './avatar';
import { blogCardEndpoints } from './card';
import { fontEndpoints } from './font-files';
import { createBlog, queueView, saveQueueSettings, selectBlog } from './service';
import { blogSettingsEndpoints } from './settings';

const tumblelogQuery = z.object({
  tumblelog: z.string({ error: 'Say which blog: the tumblelog parameter is missing.' }).min(1, 'Say which blog: the tumblelog parameter is empty.'),
});

const SIZES_MESSAGE = `Avatar sizes are ${AVATAR_SIZES.join(', ')}.`;
const avatarParams = z.object({
  name: z.string(),
  size: z
    .string()
    .regex(/^\d+$/, SIZES_MESSAGE)
    .transform(Number)
    .refine((size) => (AVATAR_SIZES as readonly number[]).includes(size), SIZES_MESSAGE),
});
// The version the address carries (avatar-url.ts); any other value, or several, is simply not it.
const avatarQuery = z.object({ v: z.string().optional().catch(undefined) });

export const blogEndpoints = [
  endpoint({
    method: 'POST',
    path: '/svc/blog/create',
    area: 'blogs',
    summary: 'Makes another blog for the user (at most 10) and makes it the current one.',
    access: 'user',
    body: createBlogSchema,
    answer: channelAnswerSchema,
    errors: [ErrorCode.blogNameTaken, ErrorCode.tooManyBlogs],
    handle: async ({ ctx, viewer, body }) => {
      const blog = await createBlog(ctx, viewer.user.id, body.name, body.title);
      return { blog: channelView(blog, ctx.config.publicUrl, { ...viewer.user, current_blog_id: blog.id }) };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/blog/select',
    area: 'blogs',
    summary: "Makes one of the user's blogs the current one: the blog they act as.",
    access: 'user',
    body: selectBlogSchema,
    answer: channelAnswerSchema,
    loads: { blog: ownedBlogFrom((c: CallWith<'body', { tumblelog: string }>) => c.body.tumblelog) },
    handle: async ({ ctx, viewer, loaded: { blog } }) => {
      await selectBlog(ctx, blog);
      return { blog: channelView(blog, ctx.config.publicUrl, { ...viewer.user, current_blog_id: blog.id }) };
    },
  }),
  endpoint({
    method: 'GET',
    path: '/svc/data/tumblelog',
    area: 'blogs',
    summary: "A blog with the viewer's relation to it; the include_ flags add the owner's data (to the owner only).",
    access: 'anyone',
    query: tumblelogQuery.extend(tumblelogIncludeQuery.shape),
    answer: tumblelogDataSchema,
    loads: { found: blogWithRelationFrom((c: CallWith<'query', { tumblelog: string }>) => c.query.tumblelog) },
    handle: async ({ ctx, viewer, query, loaded: { found } }) => {
      const { blog, relation } = found;
      // Nothing for anyone but the owner, so the flags tell nothing about a blog's activity.
      const ownerData = await tumblelogOwnerData(ctx, viewer?.user ?? null, blog, query);
      const own = viewer?.user.id === blog.user_id ? ownerMessagingSettings(blog) : {};
      return { ...blogView(blog, ctx.config.publicUrl, viewer?.user.current_blog_id ?? null), ...own, ...(relation ?? NOT_FOLLOWING), ...ownerData };
    },
  }),
  endpoint({
    method: 'GET',
    path: '/svc/blog/queue_settings',
    area: 'blogs',
    summary: "One of the user's blogs' queue: posts a day, the hours they go out in (UTC), and when the next one does.",
    access: 'user',
    query: tumblelogQuery,
    answer: queueSettingsAnswerSchema,
    loads: { blog: ownedBlogFrom((c: CallWith<'query', { tumblelog: string }>) => c.query.tumblelog) },
    handle: async ({ loaded: { blog } }) => queueView(blog),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/blog/queue_settings',
    area: 'blogs',
    summary: "Changes one of the user's blogs' queue; the next slot is recomputed from now.",
    access: 'user',
    body: queueSettingsSchema,
    answer: queueSettingsAnswerSchema,
    loads: { blog: ownedBlogFrom((c: CallWith<'body', { tumblelog: string }>) => c.body.tumblelog) },
    handle: async ({ ctx, body, loaded: { blog } }) => queueView(await saveQueueSettings(ctx, blog, body)),
  }),
  endpoint({
    method: 'GET',
    path: '/svc/avatar/:name/:size',
    area: 'blogs',
    summary: "A blog's avatar at one of the sizes: the uploaded picture (WebP), else the generated one (PNG).",
    access: 'anyone',
    params: avatarParams,
    query: avatarQuery,
    answer: { raw: 'file', description: 'The picture (image/webp or image/png), or 304 when the ETag matches.' },
    loads: { blog: namedBlogFrom((c: CallWith<'params', { name: string }>) => c.params.name) },
    handle: async ({ ctx, request, reply, params: { size }, query, loaded: { blog } }) => {
      const avatarDir = path.join(ctx.dataDir, 'avatars');
      // The address the server gives carries the picture's version (avatar-url.ts): under it the
      // picture never changes, so it is kept for a year. Without it, or with an old one, browsers ask
      // again every time and mostly hear 304.
      const version = avatarVersion(blog);
      const uploaded = blog.avatar_path ? await uploadedAvatar(ctx.media, avatarDir, blog.avatar_path, size) : null;
      const etag = `"${version}-${size}"`;
      // A lost upload shows the generated picture for now: not to be kept under the upload's version.
      const lasting = query.v === version && (uploaded !== null || !blog.avatar_path);
      reply.header('cache-control', lasting ? 'public, max-age=31536000, immutable' : 'no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      if (uploaded) return reply.type('image/webp').send(uploaded);
      return reply.type('image/png').send(await avatarPng(avatarDir, blog.uuid, size));
    },
  }),
  ...blogCardEndpoints,
  ...blogSettingsEndpoints,
  ...fontEndpoints,
];
