import type { ColumnType, Generated } from 'kysely';

/** A promoted post's budget of impressions and what it has spent (ads/). */
export interface AdCampaignTable {
  post_id: string;
  budget: number;
  spent: Generated<number>;
  last_served_at: Date | null;
  started_at: ColumnType<Date, Date | undefined, Date>;
}
