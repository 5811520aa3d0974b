// Posts of followed accounts on other servers (federation, issue 28) as the dashboard lists them:
// a page's remote rows in one query by feed_id, each a post view of type text whose HTML went
// through our sanitizer when it arrived, with `remote` naming its author and the original.
// Nothing here can be liked, reblogged or replied to from this server.
import { STATE_CODES } from '../../shared/posts/states';
import type { PostView } from '../../shared/posts/types';
import type { Db } from '../db/schema';

export type RemotePostRow = Awaited<ReturnType<ReturnType<typeof remotePostsQuery>['execute']>>[number];

/** The remote posts of a page, by their feed_ids, with their authors: one query. */
export const remotePostsQuery = (db: Db, feedIds: string[]) =>
  db
    .selectFrom('remote_posts as p')
    .innerJoin('remote_actors as a', 'a.id', 'p.actor_id')
    .select(['p.feed_id', 'p.uri', 'p.url', 'p.content_html', 'p.summary', 'p.sensitive', 'p.published_at', 'a.handle', 'a.name', 'a.icon_url', 'a.url as profile_url'])
    .where('p.feed_id', 'in', feedIds);

export function remotePostView(row: RemotePostRow): PostView {
  const url = row.url ?? row.uri;
  return {
    id: row.feed_id,
    type: 'text',
    state: STATE_CODES.published,
    state_name: 'published',
    blog: { name: row.handle, uuid: '', title: row.name, url: row.profile_url ?? url, avatar_url: row.icon_url ?? '', is_adult: false },
    post_url: url,
    slug: '',
    date: row.published_at.toISOString(),
    publish_on: null,
    tags: [],
    source_url: null,
    editor_type: 'html',
    content: { type: 'text', title: '', body_html: row.content_html },
    is_reblog: false,
    reblog_key: '',
    reblogged_from: null,
    root_id: row.feed_id,
    trail: [],
    is_private: false,
    allow_answers: false,
    allow_photo_replies: false,
    members_only: false,
    owner_flagged_nsfw: false,
    can_be_liked: false,
    can_be_reblogged: false,
    note_count: 0,
    is_mine: false,
    liked: false,
    reblogged: false,
    is_promoted: false,
    can_reply: false,
    carousel_display: false,
    carousel_link_url: null,
    cta: null,
    is_sensitive: row.sensitive,
    remote: { handle: row.handle, name: row.name, icon_url: row.icon_url, profile_url: row.profile_url, url, summary: row.summary },
  };
}
