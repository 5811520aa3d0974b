import type { Db } from '../db/schema';

export const blogsOfUser = (db: Db, userId: string) =>
  db.selectFrom('blogs').selectAll().where('user_id', '=', userId).orderBy('id').execute();

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
