import type { Db } from '../db/schema';

export const countBlogsOfUser = async (db: Db, userId: string) => {
  const row = await db
    .selectFrom('blogs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
