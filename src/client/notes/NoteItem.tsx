import type { ReactNode } from 'react';
import { findMentions } from '../../shared/notes/mentions';
import type { Note, RemoteNoteAuthor } from '../../shared/notes/types';
import type { PostBlog } from '../../shared/posts/types';
import { BlogCardTrigger } from '../blogs/card/BlogCardTrigger';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import contentStyles from '../ui/content.module.css';
import { SanitizedHtml } from '../ui/SanitizedHtml';
import type { Viewer } from '../ui/viewer';
import styles from './Notes.module.css';
import { inAppHref } from '../../shared/routes';
import { drawerLink } from '../ui/drawer-link';

/** A note's blog name: hovering it opens the blog card, as every blog name does. */
function BlogLink({ blog }: { blog: PostBlog }) {
  return (
    <BlogCardTrigger blog={blog}>
      <a className={styles.blog} href={inAppHref(blog.url)} {...drawerLink(blog.name)}>
        {blog.name}
      </a>
    </BlogCardTrigger>
  );
}

/**
 * A reply's plain text with each "@name" the server says links (issue 24.8: a blog that exists
 * and is not suspended) as a link to that blog, opening in the drawer as every blog name does.
 */
function withMentionLinks(text: string, mentions: readonly string[] | undefined): ReactNode {
  const linked = new Set(mentions ?? []);
  const parts: ReactNode[] = [];
  let at = 0;
  for (const mention of findMentions(text)) {
    if (!linked.has(mention.name)) continue;
    parts.push(text.slice(at, mention.index));
    parts.push(
      <a key={mention.index} href={`/blog/${encodeURIComponent(mention.name)}`} {...drawerLink(mention.name)}>
        {text.slice(mention.index, mention.index + mention.length)}
      </a>,
    );
    at = mention.index + mention.length;
  }
  return at === 0 ? text : [...parts, text.slice(at)];
}

const REMOTE_VERB = { like: 'liked this', reblog: 'reblogged this', reply: 'replied' } as const;

/**
 * A note from an account on another server (federation): its picture and handle link to its
 * profile there, a reply's words to the reply there; nothing opens in the drawer.
 */
function RemoteNoteItem({ note, remote }: { note: Note; remote: RemoteNoteAuthor }) {
  const external = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;
  const who = remote.profile_url ? (
    <a className={styles.blog} href={remote.profile_url} title={remote.name} {...external}>
      {remote.handle}
    </a>
  ) : (
    <strong className={styles.blog}>{remote.handle}</strong>
  );
  return (
    <li className={styles.note} data-kind={note.type} data-remote="true">
      {remote.icon_url ? <img className={styles.remoteAvatar} src={remote.icon_url} alt="" width={30} height={30} loading="lazy" /> : <span className={styles.remoteAvatar} aria-hidden="true" />}
      <div className={styles.body}>
        <p className={styles.line}>
          {who}{' '}
          {note.type === 'reply' ? (
            <>
              {remote.url ? (
                <a className={styles.quiet} href={remote.url} {...external}>
                  {REMOTE_VERB.reply}
                </a>
              ) : (
                REMOTE_VERB.reply
              )}
              : <span className={styles.reply}>{note.reply_text}</span>
            </>
          ) : (
            REMOTE_VERB[note.type]
          )}
        </p>
      </div>
    </li>
  );
}

/** One note, by kind: a like, a reblog with what its blog added, or a reply. */
export function NoteItem({ note, viewer }: { note: Note; viewer: Viewer }) {
  if (note.remote) return <RemoteNoteItem note={note} remote={note.remote} />;
  return (
    <li className={styles.note} data-kind={note.type}>
      <a href={inAppHref(note.blog.url)} tabIndex={-1} aria-hidden="true" {...drawerLink(note.blog.name)}>
        <Avatar blog={note.blog} size={30} pixelated={shouldPixelate(note.blog, viewer)} />
      </a>
      <div className={styles.body}>{describe(note)}</div>
    </li>
  );
}

function describe(note: Note) {
  switch (note.type) {
    case 'like':
      return (
        <p className={styles.line}>
          <BlogLink blog={note.blog} /> liked this
        </p>
      );
    case 'reblog':
      return (
        <>
          <p className={styles.line}>
            <BlogLink blog={note.blog} />{' '}
            <a className={styles.quiet} href={inAppHref(note.post_url)}>
              reblogged this
            </a>
          </p>
          {note.added_html && <SanitizedHtml html={note.added_html} className={`${contentStyles.html} ${styles.added}`} />}
        </>
      );
    case 'reply':
      return (
        <>
          <p className={styles.line}>
            <BlogLink blog={note.blog} />
            {note.reply_text ? (
              <>
                : <span className={styles.reply}>{withMentionLinks(note.reply_text, note.mentions)}</span>
              </>
            ) : (
              <span className={styles.quiet}> replied with a photo</span>
            )}
          </p>
          {note.photo && (
            // The photo as uploaded, at most the note's width; its alt text is what the replier wrote.
            <img
              className={styles.replyPhoto}
              src={note.photo.url}
              alt={note.photo.alt_text}
              width={note.photo.width ?? undefined}
              height={note.photo.height ?? undefined}
              loading="lazy"
            />
          )}
        </>
      );
  }
}
