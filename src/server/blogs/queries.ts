import { compileOnce } from '../db/compiled';
import type { Db } from '../db/schema';

/** A user's blogs, oldest first: read on every user info, so compiled once. */
export const blogsOfUser = compileOnce((db: Db, userId: string) =>
  db.selectFrom('blogs').selectAll().where('user_id', '=', userId).orderBy('id'),
);

export const blogByName = (db: Db, name: string) =>
  db.selectFrom('blogs').selectAll().where('name', '=', name).executeTakeFirst();

export const countBlogsOfUser = async (db: Db, userId: string) => {
  const row = await db
    .selectFrom('blogs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
