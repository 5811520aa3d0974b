import type { Kysely } from 'kysely';
import { writeSyncFunction } from './post-search-sync';

/**
 * Two posts of one blog saved at once, with tags in common, counted their tags in whatever order
 * each statement's grouping gave: each could hold one tag's row and wait for the other's, a
 * deadlock. Now every change of blog_tags first locks the rows it will touch in one order
 * (blog, tag), and new rows go in in that order too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await writeSyncFunction(db, { tags: true, lockOrder: true, audiences: false });
}

/** Back to the function of the blog-viewer migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await writeSyncFunction(db, { tags: true, lockOrder: false, audiences: false });
}
