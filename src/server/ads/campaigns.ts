// A promotion's budget (issue 17): /svc/promote starts or changes it, /svc/unpromote stops
// serving (the figures stay until the next start).
import { sql } from 'kysely';
import { ADS } from '../../shared/ads/types';
import type { Db } from '../db/schema';

export interface Campaign {
  budget: number;
  spent: number;
}

/**
 * Promotes the post and sets its budget, in one transaction: a new promotion (the post was not
 * promoted) starts from nothing spent with `budget` or the default; promoting again keeps the
 * first time and what was spent, and changes the budget only when one is given.
 */
export async function startCampaign(db: Db, postId: string, budget: number | undefined): Promise<Campaign> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ started: boolean }>`
      update posts set promoted_at = coalesce(promoted_at, now()) where id = ${postId} returning promoted_at = now() as started
    `.execute(trx);
    const started = rows[0]?.started ?? false;
    const value = budget ?? ADS.defaultBudget;
    const onConflict = started
      ? sql`do update set budget = excluded.budget, spent = 0, last_served_at = null, started_at = now()`
      : budget !== undefined
        ? sql`do update set budget = excluded.budget`
        : sql`do update set budget = ad_campaigns.budget`;
    const { rows: saved } = await sql<Campaign>`
      insert into ad_campaigns (post_id, budget) values (${postId}, ${value})
      on conflict (post_id) ${onConflict}
      returning budget, spent
    `.execute(trx);
    return { budget: Number(saved[0]!.budget), spent: Number(saved[0]!.spent) };
  });
}

/** The post's campaign figures, zero when it never was promoted. */
export async function campaignOf(db: Db, postId: string): Promise<Campaign> {
  const row = await db.selectFrom('ad_campaigns').select(['budget', 'spent']).where('post_id', '=', postId).executeTakeFirst();
  return { budget: row?.budget ?? 0, spent: row?.spent ?? 0 };
}
