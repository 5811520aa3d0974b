import { Link } from 'react-router';
import { useInboxCounts } from '../api/asks';
import { Badge } from '../ui/Badge';
import styles from './InboxLink.module.css';

/**
 * The account menu's link to a blog's inbox, with what waits there as a badge. Named for what it
 * holds: the header's Inbox is the messages'.
 */
export function InboxLink({ blogName, onClick }: { blogName: string; onClick: () => void }) {
  const counts = useInboxCounts(true);
  const count = counts.data?.[blogName] ?? 0;
  return (
    <Link className={styles.link} to={`/blog/${encodeURIComponent(blogName)}/inbox`} onClick={onClick}>
      Asks and submissions
      <Badge count={count} label={count === 1 ? 'item waiting' : 'items waiting'} />
    </Link>
  );
}
