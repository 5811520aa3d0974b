import type { UserInfoResponse } from '../../shared/types';
import { currentChannel, useSelectBlog } from '../api/user';
import { BlogSelect } from '../ui/BlogSelect';
import styles from './Header.module.css';

/** Picks the current blog; shown only to people with more than one blog (spec 1 §6). */
export function BlogSelector({ info }: { info: UserInfoResponse }) {
  const select = useSelectBlog();
  const channels = info.user.channels;
  if (channels.length <= 1) return null;
  return (
    <label className={styles.selector}>
      <span className="visually-hidden">Current blog</span>
      <BlogSelect tone="navy" size="small" blogs={channels} value={currentChannel(info)?.name} onChange={(name) => select.mutate(name)} />
    </label>
  );
}
