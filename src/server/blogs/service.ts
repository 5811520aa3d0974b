import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import { uniqueViolation } from '../db/errors';
import { LIMITS } from '../../shared/constants';
import { AppError, ErrorCode, blogNotFound, conflict } from '../http/errors';
import { blogByName } from '../hydration/blogs';
import { countBlogsOfUser } from './queries';

/** `field` is the request field that carried the name: blog_name on register, name on create. */
export const blogNameTaken = (name: string, field = 'blog_name') =>
  conflict(ErrorCode.blogNameTaken, field, `The blog name "${name}" is taken. Try another one.`);

/** Inserts a blog, turning a lost race on the unique name into the same 409 as the check. */
export async function insertBlog(db: Db, userId: string, name: string, title: string, field = 'blog_name') {
  if (await blogByName(db, name)) throw blogNameTaken(name, field);
  try {
    return await db
      .insertInto('blogs')
      .values({ user_id: userId, name, title })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (uniqueViolation(error) === 'blogs_name_key') throw blogNameTaken(name, field);
    throw error;
  }
}

export async function createBlog(ctx: AppContext, userId: string, name: string, title: string | undefined) {
  return ctx.db.transaction().execute(async (trx) => {
    if ((await countBlogsOfUser(trx, userId)) >= LIMITS.max_blogs) {
      throw new AppError(400, ErrorCode.tooManyBlogs, `You can have at most ${LIMITS.max_blogs} blogs.`);
    }
    const blog = await insertBlog(trx, userId, name, title || name, 'name');
    // The new blog becomes the current one: that is what a person who just made it wants to use.
    await trx.updateTable('users').set({ current_blog_id: blog.id }).where('id', '=', userId).execute();
    return blog;
  });
}

/** Makes one of the viewer's own blogs the current one. Another person's blog is "not found". */
export async function selectBlog(ctx: AppContext, userId: string, name: string) {
  const blog = await blogByName(ctx.db, name);
  if (!blog || blog.user_id !== userId) throw blogNotFound(name);
  await ctx.db.updateTable('users').set({ current_blog_id: blog.id }).where('id', '=', userId).execute();
  return blog;
}
