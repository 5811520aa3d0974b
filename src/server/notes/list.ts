import { NOTES_PAGE_SIZE, type Note, type NotesPage } from '../../shared/notes/types';
import type { AppContext } from '../context';
import { postNotFound } from '../http/errors';
import { hydrate } from '../hydration/hydrator';
import { hiddenBySuspension, isBlockedBetween } from '../visibility';
import { visiblePost } from './posts';
import { noteCount } from '../hydration/counts';
import { notesCursorText, notesPage, parseNotesCursor } from './queries';
import { noteView } from './views';

/**
 * GET /svc/post/notes: a page of a post's notes, newest first. Whoever may see the post may read
 * its notes, logged out too; across a block the post is not found (neither side sees the other).
 * Queries: the post, the block check (logged in, not the owner), the page, its blogs, the count.
 */
export async function notesOfPost(ctx: AppContext, viewerUserId: string | null, postId: string, before: string | undefined): Promise<NotesPage> {
  const cursor = parseNotesCursor(before);
  const post = await visiblePost(ctx.db, viewerUserId, postId);
  if (viewerUserId && post.owner_id !== viewerUserId && (await isBlockedBetween(ctx.db, viewerUserId, post.blog_id))) {
    throw postNotFound();
  }
  const [rows, count] = await Promise.all([notesPage(ctx.db, post.id, cursor, viewerUserId), noteCount(ctx.db, post.id)]);
  const shown = rows.slice(0, NOTES_PAGE_SIZE);
  // The page leaves out blogs across a block already (notesPage): no blocked flags are needed.
  const { blogs } = await hydrate(ctx.db, { viewerUserId, blogIds: shown.map((r) => r.blog_id) });
  // A suspended blog's notes drop out of the page; the cursor still comes from the rows read, so paging goes on past them.
  const visible = new Map([...blogs].filter(([, b]) => !hiddenBySuspension(b, viewerUserId)));
  const notes: Note[] = [];
  for (const row of shown) {
    const note = noteView(row, visible, ctx.config.publicUrl);
    if (note) notes.push(note);
  }
  const last = shown.at(-1);
  return {
    notes,
    next: rows.length > NOTES_PAGE_SIZE && last ? notesCursorText({ us: last.us, rank: last.rank, id: last.sort_id }) : null,
    note_count: count,
  };
}
