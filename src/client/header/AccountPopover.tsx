import { Link, useNavigate } from 'react-router';
import type { UserInfoResponse } from '../../shared/types';
import { useLogout, useSelectBlog } from '../api/user';
import { InboxLink } from '../asks/InboxLink';
import { NewBlogForm } from '../blogs/NewBlogForm';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import { SettingsForm } from '../user/SettingsForm';
import styles from './AccountPopover.module.css';

interface AccountPopoverProps {
  info: UserInfoResponse;
  onClose: () => void;
}

/** The account menu: the person's blogs (current one marked), settings, a new blog, log out. */
export function AccountPopover({ info, onClose }: AccountPopoverProps) {
  const select = useSelectBlog();
  const logout = useLogout();
  const navigate = useNavigate();
  const { user } = info;
  const several = user.channels.length > 1;
  const current = user.channels.find((c) => c.is_current) ?? user.channels[0];

  return (
    <div className={styles.panel}>
      <div className={styles.section}>
        <div className={styles.heading}>
          <span>Account</span>
          <span className={styles.email}>{user.email}</span>
        </div>
        <Link className={styles.link} to="/following" onClick={onClose}>
          Following ({user.friend_count})
        </Link>
      </div>
      <div className={styles.section}>
        <div className={styles.heading}>Blogs</div>
        <ul className={styles.blogs} aria-label="Your blogs">
          {user.channels.map((channel) => (
            <li key={channel.name}>
              <button
                type="button"
                className={styles.blog}
                aria-current={channel.is_current ? 'true' : undefined}
                disabled={!several}
                onClick={() => select.mutate(channel.name)}
              >
                <Avatar blog={channel} size={30} pixelated={shouldPixelate(channel, user)} />
                <span className={styles.blogText}>
                  <span className={styles.blogName}>{channel.name}</span>
                  <span className={styles.blogTitle}>{channel.title}</span>
                </span>
                {channel.is_current && (
                  <span className={styles.current} aria-label="current blog">
                    ✓
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
        {select.error && <p role="alert" className={styles.error}>{select.error.message}</p>}
        {current && (
          <p className={styles.blogLinks}>
            <Link to={`/blog/${current.name}/drafts`} onClick={onClose}>Drafts</Link>
            <Link to={`/blog/${current.name}/queue`} onClick={onClose}>Queue</Link>
            <InboxLink blogName={current.name} onClick={onClose} />
            <Link to={`/blog/${current.name}/settings`} onClick={onClose}>Blog settings</Link>
          </p>
        )}
        <NewBlogForm />
      </div>
      <div className={styles.section}>
        <div className={styles.heading}>Settings</div>
        <SettingsForm info={info} compact />
        <Link className={styles.link} to="/settings" onClick={onClose}>
          All settings
        </Link>
      </div>
      <div className={styles.section}>
        <button
          type="button"
          className={styles.logout}
          disabled={logout.isPending}
          onClick={() =>
            logout.mutate(undefined, {
              onSuccess: () => {
                onClose();
                navigate('/login');
              },
            })
          }
        >
          Log out
        </button>
        {logout.error && <p role="alert" className={styles.error}>{logout.error.message}</p>}
      </div>
    </div>
  );
}
