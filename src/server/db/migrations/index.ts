import type { Migration } from 'kysely';
import * as accounts from './2026-11-22T00-accounts';
import * as posts from './2026-11-22T01-posts';
import * as feedIndex from './2026-11-22T04-feed-index';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T00-accounts': accounts,
  '2026-11-22T01-posts': posts,
  '2026-11-22T04-feed-index': feedIndex,
};
