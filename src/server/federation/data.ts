// What every federation module shares: the data Fedify hands each callback, and a blog by the
// identifier its actor has.
import type { Federation } from '@fedify/fedify';
import type { AppContext } from '../context';
import type { BlogRow } from '../db/tables/blog';
import type { SafeFetcher } from '../links/safe-fetch';

/** What every Fedify callback is given: the app, and the fetcher federation reads through. */
export interface FederationData {
  app: AppContext;
  fetcher: SafeFetcher;
}

export type Fed = Federation<FederationData>;

/** A blog by its uuid, the identifier of its actor (a name can pass to another blog; a uuid cannot). */
export async function blogByUuid(app: AppContext, uuid: string): Promise<BlogRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return undefined;
  return app.db.selectFrom('blogs').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}
