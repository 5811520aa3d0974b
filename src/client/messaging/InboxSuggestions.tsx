// The empty inbox, new variant (spec 2 §2): a list of blogs to talk to, each with what it posts
// about ('Posts about #x and #y') and a 'Send a message' button.
import { useQuery } from '@tanstack/react-query';
import { FAVORITES_DEFAULT_LIMIT } from '../../shared/messaging/constants';
import { Avatar } from '../ui/Avatar';
import { fetchSuggestionsWithTags, messagingKeys } from './api';
import styles from './Inbox.module.css';
import type { Participant } from './types';

/** 'Posts about #a and #b' from a blog's top tags (at most two), or null without any. */
export function postsAbout(tags: readonly string[] | undefined): string | null {
  const shown = (tags ?? []).slice(0, 2).map((tag) => `#${tag}`);
  return shown.length ? `Posts about ${shown.join(' and ')}` : null;
}

export function InboxSuggestions({ participant, onPick }: { participant: string; onPick: (blog: Participant) => void }) {
  const suggestions = useQuery({
    queryKey: messagingKeys.favoritesWithTags(participant),
    queryFn: () => fetchSuggestionsWithTags(participant, FAVORITES_DEFAULT_LIMIT),
    enabled: Boolean(participant),
    staleTime: 60_000,
  });
  if (suggestions.isPending) return <p className={styles.status} role="status">Loading…</p>;
  if (suggestions.isError) return null;
  const blogs = suggestions.data.blogs.filter((blog) => blog.can_receive_messages !== false);
  if (blogs.length === 0) return <p className={styles.status}>Follow some blogs to find people to talk to.</p>;
  return (
    <ul className={styles.list} aria-label="Suggestions">
      {blogs.map((blog) => {
        const about = postsAbout(blog.blog_tags);
        return (
          <li key={blog.uuid} className={styles.suggestion}>
            <Avatar blog={{ name: blog.name, is_adult: blog.is_adult ?? false, avatar_url: blog.avatar_url }} size={40} />
            <span className={styles.rowText}>
              <span className={styles.rowName}>{blog.name}</span>
              {about && <span className={styles.preview}>{about}</span>}
            </span>
            <button type="button" className={styles.sendButton} onClick={() => onPick(blog)} aria-label={`Send a message to ${blog.name}`}>
              Send a message
            </button>
          </li>
        );
      })}
    </ul>
  );
}
