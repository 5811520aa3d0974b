// Who may fetch an uploaded file. A file's name carries the sha256 of the bytes uploaded, which
// anyone holding the same file can work out; so a name is not a secret, and a file is served to
// everyone only while a public post shows it (post_media). Until then, and again once every such
// post has left (a draft, private, a suspended blog), only the people who uploaded it or own a
// post that shows it may fetch it.
import { sql, type Expression } from 'kysely';
import type { Db } from '../db/schema';
import { publicBlog, publicPost } from '../visibility';

/** The sha256 in every media address this server makes (`/media/ab/cd/<sha256>-<label>.<ext>`). */
const MEDIA_SHA = /\/media\/[0-9a-f]{2}\/[0-9a-f]{2}\/([0-9a-f]{64})-/g;

export const mediaShasIn = (text: string) => [...new Set([...text.matchAll(MEDIA_SHA)].map((m) => m[1]!))];

/**
 * The posts of a file that others may see, in SQL (`sha` is the file's sha256): a post showing it,
 * or a photo reply carrying it on such a post (issue 26.3, replies_photo_sha256_idx).
 */
const shownPublicly = (sha: string | Expression<string>) => sql<boolean>`(exists (
  select 1 from post_media pm join posts p on p.id = pm.post_id join blogs b on b.id = p.blog_id
  where pm.sha256 = ${sha} and ${publicPost('p')} and ${publicBlog('b')})
  or exists (
  select 1 from replies r join posts p on p.id = r.post_id join blogs b on b.id = p.blog_id join blogs rb on rb.id = r.blog_id
  where r.photo_sha256 = ${sha} and ${publicPost('p')} and ${publicBlog('b')} and ${publicBlog('rb')}))`;

/**
 * Records the files a post shows, after a save, in its transaction. A file counts when its author
 * uploaded it, when it is public already (a reblog shows its parent's files), or when no one
 * uploaded it (files the server made itself, such as the demo GIFs): so naming someone else's
 * unpublished upload in a post does not publish it.
 */
export async function recordPostMedia(db: Db, postId: string, authorUserId: string, shownText: string): Promise<void> {
  await db.deleteFrom('post_media').where('post_id', '=', postId).execute();
  const shas = mediaShasIn(shownText);
  if (shas.length === 0) return;
  await sql`
    insert into post_media (post_id, sha256)
    select ${postId}, s.sha from unnest(${shas}::text[]) as s(sha)
    where exists (select 1 from media m where m.sha256 = s.sha and m.user_id = ${authorUserId})
      or not exists (select 1 from media m where m.sha256 = s.sha)
      or ${shownPublicly(sql.ref<string>('s.sha'))}`.execute(db);
}

export type MediaAccess = 'public' | 'owner' | 'hidden';

/**
 * One query per file fetched: public while a public post shows it (post_media_sha256_idx, then
 * the post and blog by primary key), else the viewer's if they uploaded it (media_user_id_sha256_key),
 * own a post that shows it, or own a blog in a conversation whose image message carries it
 * (message_media_sha256_idx): message images stay private to the conversation's participants.
 */
export async function mediaAccess(db: Db, sha: string, viewerUserId: string | null): Promise<MediaAccess> {
  const { rows } = await sql<{ public: boolean; own: boolean }>`
    select ${shownPublicly(sha)} as public,
      (${viewerUserId}::bigint is not null and (
        exists (select 1 from media m where m.user_id = ${viewerUserId} and m.sha256 = ${sha})
        or exists (
          select 1 from post_media pm join posts p on p.id = pm.post_id join blogs b on b.id = p.blog_id
          where pm.sha256 = ${sha} and b.user_id = ${viewerUserId})
        or exists (
          select 1 from message_media mm
          join conversation_participants cp on cp.conversation_id = mm.conversation_id
          join blogs b on b.id = cp.blog_id
          where mm.sha256 = ${sha} and b.user_id = ${viewerUserId}))) as own`.execute(db);
  const row = rows[0]!;
  return row.public ? 'public' : row.own ? 'owner' : 'hidden';
}
