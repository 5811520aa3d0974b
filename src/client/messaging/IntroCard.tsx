import { Avatar } from '../ui/Avatar';
import { useParticipantInfo } from './queries';
import styles from './Window.module.css';
import type { WindowRecord } from './windows';

/** What the blog's description says, without its markup (it is sanitized HTML). */
const plainText = (html: string | undefined) => (html ? (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim() : '');

const relationship = (info: { is_blog_following_you?: boolean; is_following_blog?: boolean }) =>
  info.is_blog_following_you && info.is_following_blog
    ? 'You follow each other'
    : info.is_blog_following_you
      ? 'Follows you'
      : info.is_following_blog
        ? 'You follow them'
        : 'You don’t follow each other yet';

/** Spec 2 §9: at most two tags, 'Posts about #a and #b'. */
export function postsAbout(tags: readonly string[] | undefined): string | null {
  const two = (tags ?? []).filter(Boolean).slice(0, 2);
  if (two.length === 0) return null;
  return `Posts about ${two.map((tag) => `#${tag}`).join(' and ')}`;
}

/** "for 3 days": how long a follow has lasted, from its seconds. */
export function followDuration(seconds: number | undefined): string {
  if (!seconds || seconds < 0) return '';
  const days = Math.floor(seconds / 86_400);
  if (days >= 365) return ` for ${Math.floor(days / 365)} ${Math.floor(days / 365) === 1 ? 'year' : 'years'}`;
  if (days >= 1) return ` for ${days} ${days === 1 ? 'day' : 'days'}`;
  return '';
}

/** Spec 2 §4: at the start of a conversation, who the other blog is and how you are related. */
export function IntroCard({ record, isNew }: { record: WindowRecord; isNew: boolean }) {
  const other = record.participants[0];
  const info = useParticipantInfo(other?.uuid ?? '', record.participantUuid, Boolean(other));
  if (!other) return null;
  const blog = info.data ?? other;
  const description = plainText(info.data?.description);
  return (
    <li className={styles.introCard}>
      <Avatar blog={{ name: blog.name, is_adult: info.data?.is_adult ?? false, avatar_url: blog.avatar_url }} size={48} />
      <span className={styles.introName}>{blog.name}</span>
      {info.data?.title && info.data.title !== blog.name && <span className={styles.introTitle}>{info.data.title}</span>}
      {isNew ? (
        // A new conversation: what the blog posts about.
        info.data && postsAbout(info.data.blog_tags) && <span className={styles.introMeta}>{postsAbout(info.data.blog_tags)}</span>
      ) : (
        <>
          {info.data && <span className={styles.introMeta}>{relationship(info.data)}</span>}
          {info.data?.is_following_blog && info.data.duration_following_blog ? (
            <span className={styles.introMeta}>{`You’ve followed them${followDuration(info.data.duration_following_blog)}`}</span>
          ) : null}
          {info.data?.is_blog_following_you && info.data.duration_blog_following_you ? (
            <span className={styles.introMeta}>{`They’ve followed you${followDuration(info.data.duration_blog_following_you)}`}</span>
          ) : null}
          {description && <span className={styles.introMeta}>{description}</span>}
        </>
      )}
    </li>
  );
}
