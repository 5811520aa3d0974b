import { sql, type Kysely } from 'kysely';

/**
 * Ads (issue 17): an ad is a promoted post. Each promotion carries a budget of impressions and
 * counts what it has spent; the ad slots serve promotions with budget left, the least recently
 * served first, and count each impression as they serve it. Kept beside posts rather than on
 * them so that counting an impression never rewrites a post row (and never runs its triggers).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ad_campaigns')
    .addColumn('post_id', 'bigint', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('budget', 'integer', (c) => c.notNull().check(sql`budget > 0`))
    .addColumn('spent', 'integer', (c) => c.notNull().defaultTo(0).check(sql`spent >= 0`))
    .addColumn('last_served_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The ad slots' one query: campaigns with budget left, the least recently served first.
  await sql`create index ad_campaigns_serving_idx on ad_campaigns (last_served_at nulls first, post_id) where spent < budget`.execute(db);
  // Posts promoted before budgets existed keep being served, with the default budget (shared/ads).
  await sql`insert into ad_campaigns (post_id, budget) select id, 1000 from posts where promoted_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ad_campaigns').execute();
}
