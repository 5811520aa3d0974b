// Remote accounts as we keep them: what their actor document said, the inbox checked by the safe
// fetcher before anything is ever posted to it (a remote actor cannot point our deliveries at our
// own network), the description through our sanitizer.
import { isActor, type Actor } from '@fedify/vocab';
import { sanitizeRichHtml } from '../content/sanitize';
import type { Db } from '../db/schema';
import type { SafeFetcher } from '../links/safe-fetch';

export interface RemoteActorRow {
  id: string;
  uri: string;
  handle: string;
  name: string;
  summary_html: string;
  icon_url: string | null;
  url: string | null;
}

const MAX_NAME = 200;
const MAX_SUMMARY = 5_000;

/** Stores (or refreshes) an actor we were sent or looked up; null when it is no usable actor. */
export async function saveRemoteActor(db: Db, fetcher: SafeFetcher, actor: unknown): Promise<RemoteActorRow | null> {
  if (!isActor(actor as Actor)) return null;
  const found = actor as Actor;
  if (!found.id || !found.inboxId) return null;
  // Both must be addresses we would fetch: public, or a host the operator allowed.
  await fetcher.check(found.inboxId.href);
  const shared = found.endpoints?.sharedInbox ?? null;
  if (shared) await fetcher.check(shared.href);
  const username = typeof found.preferredUsername === 'string' ? found.preferredUsername : found.id.pathname.split('/').pop() || 'unknown';
  const icon = await found.getIcon().catch(() => null);
  const iconUrl = icon?.url instanceof URL ? icon.url.href : null;
  const url = found.url instanceof URL ? found.url.href : null;
  const values = {
    uri: found.id.href,
    handle: `${username}@${found.id.host}`.slice(0, MAX_NAME),
    inbox_url: found.inboxId.href,
    shared_inbox_url: shared?.href ?? null,
    name: String(found.name ?? username).slice(0, MAX_NAME),
    summary_html: sanitizeRichHtml(String(found.summary ?? '').slice(0, MAX_SUMMARY)),
    icon_url: iconUrl && /^https?:/.test(iconUrl) ? iconUrl : null,
    url: url && /^https?:/.test(url) ? url : null,
    fetched_at: new Date(),
  };
  return db
    .insertInto('remote_actors')
    .values(values)
    .onConflict((oc) => oc.column('uri').doUpdateSet(values))
    .returning(['id', 'uri', 'handle', 'name', 'summary_html', 'icon_url', 'url'])
    .executeTakeFirstOrThrow();
}
