import type { UserInfoResponse } from '../../shared/types';
import { currentChannel, useSelectBlog } from '../api/user';
import styles from './Header.module.css';

/** Picks the current blog; shown only to people with more than one blog (spec 1 §6). */
export function BlogSelector({ info }: { info: UserInfoResponse }) {
  const select = useSelectBlog();
  const channels = info.user.channels;
  if (channels.length <= 1) return null;
  return (
    <label className={styles.selector}>
      <span className="visually-hidden">Current blog</span>
      <select value={currentChannel(info)?.name} onChange={(event) => select.mutate(event.target.value)}>
        {channels.map((channel) => (
          <option key={channel.name} value={channel.name}>
            {channel.name}
          </option>
        ))}
      </select>
    </label>
  );
}
