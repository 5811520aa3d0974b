// The things an endpoint declares it loads before its handler runs (http/endpoint.ts `loads`), each
// a rule of rules/blogs.ts or rules/posts.ts with the words and error codes the API description
// shows. A handler receives them ready (`loaded.blog`, `loaded.post`) and never loads them itself.
import type { z } from 'zod';
import type { BlogRow } from '../db/tables/blog';
import type { Loader } from '../http/endpoint';
import { isId } from '../../shared/ids';
import { blogNotFound, ErrorCode, postNotFound, type AppError } from '../http/errors';
import type { Viewer } from '../http/session';
import { actingBlog, namedBlog, ownedBlog, ownedBlogByUuid, ownedBlogElse, readableBlog, relationTo, type BlogRelation } from './blogs';
import { reachablePost, visiblePost, type ReachedPost, type SeenPost } from './posts';

// The call as every loader reads it: the context and the viewer (a loader on a logged-in route
// gets a viewer; one that needs a viewer on a route open to anyone says so by its 401).
interface AnyCall {
  ctx: { db: import('../db/schema').Db };
  viewer: Viewer | null;
}

const userIdOf = (call: AnyCall) => {
  if (!call.viewer) throw new Error('This loader needs a logged-in route (access: user).');
  return call.viewer.user.id;
};

/** A blog by name that exists, suspended or not: for admins, and for rules the handler applies itself. */
export const namedBlogFrom = <C extends AnyCall>(name: (call: C) => string): Loader<C, BlogRow> => ({
  describe: 'the blog named (404 when there is none)',
  errors: [ErrorCode.blogNotFound],
  load: (call) => namedBlog(call.ctx.db, name(call)),
});

/** A blog the viewer owns, named by the call; 404 otherwise, as if there were none. */
export const ownedBlogFrom = <C extends AnyCall>(name: (call: C) => string): Loader<C, BlogRow> => ({
  describe: 'a blog the viewer owns (404 otherwise)',
  errors: [ErrorCode.blogNotFound],
  load: (call) => ownedBlog(call.ctx.db, userIdOf(call), name(call)),
});

/** A blog the viewer may read (suspended blogs are gone for all but their owner). */
export const readableBlogFrom = <C extends AnyCall>(name: (call: C) => string): Loader<C, BlogRow> => ({
  describe: 'a blog the viewer may read (404 for none, or one suspended)',
  errors: [ErrorCode.blogNotFound],
  load: (call) => readableBlog(call.ctx.db, call.viewer?.user.id ?? null, name(call)),
});

/** The blog the viewer acts as: their current blog, else their primary one. */
export const actingBlogOf = <C extends AnyCall>(): Loader<C, BlogRow> => ({
  describe: 'the blog the viewer acts as (their current blog, else their primary one)',
  errors: [ErrorCode.invalidInput],
  load: (call) => {
    if (!call.viewer) throw new Error('actingBlogOf needs a logged-in route (access: user).');
    return actingBlog(call.ctx.db, call.viewer.user);
  },
});

/** A post the viewer may see, by id (and blog name, when the path names one); 404 otherwise. */
export const visiblePostFrom = <C extends AnyCall>(id: (call: C) => string, blogName?: (call: C) => string | undefined): Loader<C, SeenPost> => ({
  describe: 'a post the viewer may see (404 for a draft, a private post, a suspended blog\'s post or one across a block)',
  errors: [ErrorCode.notFound],
  load: (call) => visiblePost(call.ctx.db, call.viewer, id(call), blogName?.(call)),
});

/** A blog the viewer may read, with the viewer's relation to it (nothing when logged out or their own). */
export const blogWithRelationFrom = <C extends AnyCall>(name: (call: C) => string): Loader<C, { blog: BlogRow; relation: BlogRelation | null }> => ({
  describe: "a blog the viewer may read, with the viewer's follow, subscription and block flags",
  errors: [ErrorCode.blogNotFound],
  load: async (call) => {
    const userId = call.viewer?.user.id ?? null;
    const blog = await readableBlog(call.ctx.db, userId, name(call));
    return { blog, relation: userId ? await relationTo(call.ctx.db, userId, blog) : null };
  },
});

/** The viewer's own blog named by uuid (the blog a call acts as), else the area's refusal. */
export const ownedBlogByUuidFrom = <C extends AnyCall>(
  uuid: (call: C) => string,
  notOwned: () => AppError,
): Loader<C, BlogRow> => ({
  describe: `the blog the viewer acts as, one of their own named by uuid (${notOwned().status} otherwise)`,
  errors: [notOwned().code],
  load: (call) => ownedBlogByUuid(call.ctx.db, userIdOf(call), uuid(call), notOwned),
});

/**
 * A blog only its owner reads from (its drafts, its queue), on a route open to anyone: anyone else,
 * logged out too, is answered as if there were no such blog (404), so the route tells a visitor nothing.
 */
export const ownerOnlyBlogFrom = <C extends AnyCall>(name: (call: C) => string): Loader<C, BlogRow> => ({
  describe: 'a blog the viewer owns (404 otherwise, logged out too)',
  errors: [ErrorCode.blogNotFound],
  load: (call) => (call.viewer ? ownedBlog(call.ctx.db, call.viewer.user.id, name(call)) : Promise.reject(blogNotFound(name(call)))),
});

/** The post an action reaches, by id (and reblog key, when the call sends one): rules/posts.ts reachablePost. */
export const reachablePostFrom = <C extends AnyCall>(id: (call: C) => string, key?: (call: C) => string | undefined): Loader<C, ReachedPost> => ({
  describe: "a post the viewer may act on (404 for a draft, a private post or a suspended blog's post, or a key that is not the post's)",
  errors: [ErrorCode.notFound],
  load: (call) => reachablePost(call.ctx.db, userIdOf(call), id(call), key?.(call)),
});

/** A blog the viewer owns; another person's blog is the area's documented `refusal` (rules/blogs.ts ownedBlogElse). */
export const ownedBlogElseFrom = <C extends AnyCall>(name: (call: C) => string, refusal: () => AppError): Loader<C, BlogRow> => ({
  describe: 'a blog the viewer owns (404 when there is none, 403 when it is another person\'s)',
  errors: [ErrorCode.blogNotFound, refusal().code],
  load: (call) => ownedBlogElse(call.ctx.db, userIdOf(call), name(call), refusal),
});

/**
 * visiblePostFrom for an id in the path: a path part that is no id names no post, so it is the
 * same 404 as a post not there (checked before it reaches SQL).
 */
export const visiblePostAt = <C extends AnyCall>(id: (call: C) => string, blogName?: (call: C) => string | undefined): Loader<C, SeenPost> => ({
  ...visiblePostFrom(id, blogName),
  load: async (call) => {
    if (!isId(id(call))) throw postNotFound();
    return visiblePost(call.ctx.db, call.viewer, id(call), blogName?.(call));
  },
});

/**
 * The call as a loader's name function reads it, for its parameter's annotation:
 * `ownedBlogFrom((c: CallWith<'body', typeof followBody>) => c.body.tumblelog)`, with the part's zod
 * schema or its type. TypeScript types an endpoint's loads before it has inferred the endpoint's
 * schemas, so it cannot infer this itself; the endpoint still checks that its schema gives the field.
 */
export type CallWith<K extends 'params' | 'query' | 'body', T> = AnyCall & { [P in K]: T extends z.ZodType ? z.output<T> : T };
