import { NOTES_PAGE_SIZE, type Note, type NotesPage } from '../../shared/notes/types';
import type { AppContext } from '../context';
import { hydrate } from '../hydration/hydrator';
import { pageOf } from '../http/paging';
import type { ReachedPost } from '../rules/posts';
import { hiddenBySuspension } from '../visibility';
import { noteCount } from '../hydration/counts';
import { mentionedNames } from '../../shared/notes/mentions';
import { mentionableBlogs } from '../rules/blogs';
import { notesCursorText, notesPage, parseNotesCursor } from './queries';
import { noteView } from './views';

/**
 * GET /svc/post/notes: a page of a post's notes, newest first. Whoever may see the post may read
 * its notes, logged out too; across a block the post is not found (the rule, loaded before: neither
 * side sees the other). Queries: the page, its blogs, the count, and the blogs its replies mention (when they do).
 */
export async function notesOfPost(ctx: AppContext, viewerUserId: string | null, { post }: ReachedPost, before: string | undefined): Promise<NotesPage> {
  const cursor = parseNotesCursor(before);
  const [rows, count] = await Promise.all([notesPage(ctx.db, post.id, cursor, viewerUserId), noteCount(ctx.db, post.id)]);
  const page = pageOf(rows, NOTES_PAGE_SIZE, (last) => notesCursorText({ us: last.us, rank: last.rank, id: last.sort_id }));
  const shown = page.items;
  // The page leaves out blogs across a block already (notesPage): no blocked flags are needed.
  const mentioned = shown.flatMap((r) => (r.kind === 'reply' && !r.actor_id ? mentionedNames(r.text ?? '') : []));
  const actorIds = [...new Set(shown.flatMap((r) => (r.actor_id ? [r.actor_id] : [])))];
  const [{ blogs }, mentionable, actors] = await Promise.all([
    hydrate(ctx.db, { viewerUserId, blogIds: shown.flatMap((r) => (r.blog_id ? [r.blog_id] : [])) }),
    mentionableBlogs(ctx.db, mentioned),
    // Accounts elsewhere, only when the page has their notes.
    actorIds.length ? ctx.db.selectFrom('remote_actors').select(['id', 'handle', 'name', 'icon_url', 'url']).where('id', 'in', actorIds).execute() : [],
  ]);
  // A suspended blog's notes drop out of the page; the cursor still comes from the rows read, so paging goes on past them.
  const visible = new Map([...blogs].filter(([, b]) => !hiddenBySuspension(b, viewerUserId)));
  const byId = new Map(actors.map((a) => [a.id, a]));
  const notes: Note[] = [];
  for (const row of shown) {
    const note = noteView(row, visible, ctx.config.publicUrl, mentionable, byId);
    if (note) notes.push(note);
  }
  return { notes, next: page.next, note_count: count };
}
