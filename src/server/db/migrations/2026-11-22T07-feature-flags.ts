import type { Kysely } from 'kysely';

/** The flags' defaults. A flag that is off here is on only for users with an override. */
const DEFAULTS: { name: string; enabled: boolean; description: string }[] = [
  { name: 'is_mobile_handset', enabled: false, description: 'Treat the browser as a phone (mobile header).' },
  { name: 'responsive_help_docs', enabled: true, description: 'Help pages laid out for small screens.' },
  { name: 'indash_blogs', enabled: true, description: 'Open blogs in the drawer over the dashboard.' },
  { name: 'ask_form', enabled: true, description: 'Ask form on blogs that take asks.' },
  { name: 'livephotos_web', enabled: true, description: 'Play live photos.' },
  { name: 'lrec_on_blog_pages_peepr', enabled: false, description: 'Ad slot on blog pages in the drawer.' },
  { name: 'dashboard_refresh', enabled: true, description: 'Refresh the dashboard after a post is saved.' },
  { name: 'enable_share_embed_code', enabled: true, description: 'Embed code in the share popover.' },
  { name: 'reddit_sharing', enabled: true, description: 'Reddit in the share popover.' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const kdb = db as Kysely<{ feature_flags: { name: string; enabled: boolean; description: string } }>;
  await kdb.insertInto('feature_flags').values(DEFAULTS).onConflict((oc) => oc.column('name').doNothing()).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const kdb = db as Kysely<{ feature_flags: { name: string } }>;
  await kdb.deleteFrom('feature_flags').where('name', 'in', DEFAULTS.map((d) => d.name)).execute();
}
