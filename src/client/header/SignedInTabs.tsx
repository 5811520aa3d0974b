import type { UserInfoResponse } from '../../shared/types';
import { mayMessage } from '../messaging/session';
import { AccountMenu } from './AccountMenu';
import { ActivityMenu } from './ActivityMenu';
import { BlogSelector } from './BlogSelector';
import styles from './Header.module.css';
import { InboxButton } from './InboxButton';

interface SignedInTabsProps {
  info: UserInfoResponse;
  composeOpen: boolean;
  onToggleCompose: () => void;
}

/**
 * The header's tabs for a logged-in person: the blog choice, messages, activity, account and
 * compose. Their own chunk (Header.tsx loads it), so a logged-out visitor's first load is smaller.
 */
export function SignedInTabs({ info, composeOpen, onToggleCompose }: SignedInTabsProps) {
  return (
    <>
      <BlogSelector info={info} />
      {mayMessage(info.user) && <InboxButton info={info} />}
      <ActivityMenu info={info} />
      <AccountMenu info={info} />
      <button
        type="button"
        className={styles.compose}
        onClick={onToggleCompose}
        aria-expanded={composeOpen}
        aria-haspopup="dialog"
        data-tooltip="Make a post"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z" />
        </svg>
        <span className="visually-hidden">Compose a post</span>
      </button>
    </>
  );
}
