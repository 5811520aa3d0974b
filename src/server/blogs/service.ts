import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import { uniqueViolation } from '../db/errors';
import { LIMITS } from '../../shared/constants';
import { NAME_QUARANTINE_DAYS, nameQuarantined } from '../../shared/leaving';
import { AppError, ErrorCode, conflict } from '../http/errors';
import { blogByName } from '../hydration/blogs';
import { nextQueueSlot } from '../queue-slots';
import { countBlogsOfUser } from './queries';

/** `field` is the request field that carried the name: blog_name on register, name on create. */
export const blogNameTaken = (name: string, field = 'blog_name') =>
  conflict(ErrorCode.blogNameTaken, field, `The blog name "${name}" is taken. Try another one.`);

const DAY_MS = 24 * 60 * 60_000;

/** The day a deleted blog's name is free again, as the refusal says it. */
export const nameFreeOn = (deletedAt: Date) =>
  new Date(deletedAt.getTime() + NAME_QUARANTINE_DAYS * DAY_MS).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * A deleted blog holds its name through the quarantine (leaving/), so nobody can pose as the blog
 * that just left: a 409 that says until when. Once the quarantine is over and the purge emptied the
 * blog, its row gives the name up here, without waiting for the purge job's next pass.
 */
async function assertNameNotHeld(db: Db, name: string, field: string) {
  const held = await db.selectFrom('blogs').select(['id', 'deleted_at', 'purged_at']).where('name', '=', name).where('deleted_at', 'is not', null).executeTakeFirst();
  if (!held?.deleted_at) return;
  const over = held.deleted_at.getTime() + NAME_QUARANTINE_DAYS * DAY_MS <= Date.now();
  if (over && held.purged_at) {
    await db.deleteFrom('blogs').where('id', '=', held.id).execute();
    return;
  }
  throw conflict(ErrorCode.blogNameHeld, field, nameQuarantined(name, nameFreeOn(held.deleted_at)));
}

/** Inserts a blog, turning a lost race on the unique name into the same 409 as the check. */
export async function insertBlog(db: Db, userId: string, name: string, title: string, field = 'blog_name') {
  if (await blogByName(db, name)) throw blogNameTaken(name, field);
  await assertNameNotHeld(db, name, field);
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

/** Makes one of the user's own blogs (rules/blogs.ts ownedBlog) the current one. */
export async function selectBlog(ctx: AppContext, blog: BlogRow) {
  await ctx.db.updateTable('users').set({ current_blog_id: blog.id }).where('id', '=', blog.user_id).execute();
}

/** A blog's queue settings as the settings page reads them. */
export const queueView = (b: Pick<BlogRow, 'queue_per_day' | 'queue_start_hour' | 'queue_end_hour' | 'queue_next_at'>) => ({
  posts_per_day: b.queue_per_day,
  start_hour: b.queue_start_hour,
  end_hour: b.queue_end_hour,
  next_publish_at: b.queue_next_at?.toISOString() ?? null,
});

/** New queue slots for the blog; the next one is recomputed from now, if anything is waiting. */
export async function saveQueueSettings(ctx: AppContext, blog: BlogRow, input: { posts_per_day: number; start_hour: number; end_hour: number }) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('blogs')
      .set({ queue_per_day: input.posts_per_day, queue_start_hour: input.start_hour, queue_end_hour: input.end_hour })
      .where('id', '=', blog.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (!row.queue_next_at) return row;
    return trx
      .updateTable('blogs')
      .set({ queue_next_at: nextQueueSlot(row, new Date()) })
      .where('id', '=', blog.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
