import type { Db } from '../db/schema';

export const countBlogsOfUser = async (db: Db, userId: string) => {
  const row = await db
    .selectFrom('blogs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    // A deleted blog waiting for its quarantine to end is not one of the account's blogs.
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
