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

/** Spec 2 §4: at the start of a conversation, who the other blog is and how you are related. */
export function IntroCard({ record }: { record: WindowRecord }) {
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
      {info.data && <span className={styles.introMeta}>{relationship(info.data)}</span>}
      {description && <span className={styles.introMeta}>{description}</span>}
    </li>
  );
}
