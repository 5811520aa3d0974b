import type { Migration } from 'kysely';
import * as accounts from './2026-11-22T00-accounts';
import * as posts from './2026-11-22T01-posts';
import * as media from './2026-11-22T02-media';
import * as gifSearch from './2026-11-22T03-gif-search';
import * as feedIndex from './2026-11-22T04-feed-index';
import * as subscriptions from './2026-11-22T05-subscriptions';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T00-accounts': accounts,
  '2026-11-22T01-posts': posts,
  '2026-11-22T02-media': media,
  '2026-11-22T03-gif-search': gifSearch,
  '2026-11-22T04-feed-index': feedIndex,
  '2026-11-22T05-subscriptions': subscriptions,
};
