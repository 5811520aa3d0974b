import { useId, useState, type FormEvent } from 'react';
import type { BlockedBlog } from '../../shared/moderation';
import type { UserInfoResponse } from '../../shared/types';
import { useBlockBlog, useBlockedBlogs, useUnblockBlog } from '../api/blocks';
import { currentChannel } from '../api/user';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import { BlogSelect } from '../ui/BlogSelect';
import { LoadMore } from '../ui/LoadMore';
import styles from './BlockedBlogs.module.css';
import { confirmBlockBlog } from './confirm-block';
import { Button } from '../ui/Button';

function BlockedRow({ blog, tumblelog, viewer }: { blog: BlockedBlog; tumblelog: string; viewer: UserInfoResponse['user'] }) {
  const unblock = useUnblockBlog();
  return (
    <li className={styles.row}>
      <span className={styles.blog}>
        <Avatar blog={blog} size={40} shape={blog.global_theme_params.avatar_shape} pixelated={shouldPixelate(blog, viewer)} />
        <span className={styles.names}>
          <span className={styles.name}>{blog.name}</span>
          <span className={styles.title}>{blog.title}</span>
        </span>
      </span>
      <Button
       
        variant="secondary"
        disabled={unblock.isPending}
        aria-label={`Unblock ${blog.name}`}
        onClick={() => unblock.mutate({ tumblelog, blocked: blog.name })}
      >
        {unblock.isPending ? 'Unblocking…' : 'Unblock'}
      </Button>
      {unblock.error && (
        <span role="alert" className={styles.error}>
          {unblock.error.message}
        </span>
      )}
    </li>
  );
}

/** Blocks a blog by name, after the spec's confirm. */
function BlockForm({ tumblelog }: { tumblelog: string }) {
  const [name, setName] = useState('');
  const block = useBlockBlog();
  const inputId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target = name.trim().toLowerCase();
    if (!target || !(await confirmBlockBlog(target))) return;
    block.mutate({ tumblelog, blocked_tumblelog: target, block_context: 'settings' }, { onSuccess: () => setName('') });
  };
  return (
    <>
      <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label="Block a blog">
        <label htmlFor={inputId} className="visually-hidden">
          Blog name to block
        </label>
        <input
          id={inputId}
          value={name}
          placeholder="Blog name"
          maxLength={32}
          autoComplete="off"
          onChange={(e) => {
            setName(e.target.value);
            block.reset();
          }}
        />
        <Button type="submit" variant="danger" disabled={!name.trim() || block.isPending}>
          Block
        </Button>
      </form>
      <p role="alert" className={styles.error}>
        {block.error?.message ?? ''}
      </p>
    </>
  );
}

function BlockedList({ tumblelog, viewer }: { tumblelog: string; viewer: UserInfoResponse['user'] }) {
  const pages = useBlockedBlogs(tumblelog);
  if (pages.isPending) return <p role="status" className={styles.empty}>Loading blocked blogs…</p>;
  if (!pages.data) {
    return (
      <p className={styles.error}>
        <span role="alert">{pages.error?.message}</span>{' '}
        <Button variant="secondary" onClick={() => void pages.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  const blogs = pages.data.pages.flatMap((p) => p.blogs);
  return (
    <>
      {blogs.length === 0 ? (
        <p className={styles.empty}>{tumblelog} hasn’t blocked any blogs.</p>
      ) : (
        <ul className={styles.list} aria-label={`Blogs ${tumblelog} blocked`}>
          {blogs.map((blog) => (
            <BlockedRow key={blog.name} blog={blog} tumblelog={tumblelog} viewer={viewer} />
          ))}
        </ul>
      )}
      <LoadMore pages={pages} className={styles.more} errorClassName={styles.error} />
    </>
  );
}

/** Settings: the blogs one of the viewer's blogs blocked, each with Unblock, and a way to block one more. */
export function BlockedBlogs({ info }: { info: UserInfoResponse }) {
  const channels = info.user.channels;
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = useId();
  const tumblelog = chosen ?? currentChannel(info)?.name;
  if (!tumblelog) return null;
  return (
    <section className={styles.section} aria-labelledby={`${selectId}-title`}>
      <h2 className={styles.heading} id={`${selectId}-title`}>
        Blocked blogs
      </h2>
      <p className={styles.intro}>A blocked blog can’t follow you, message you, find your posts in search, or interact with your posts.</p>
      {channels.length > 1 && (
        <label className={styles.which} htmlFor={selectId}>
          Blocks of
          <BlogSelect id={selectId} blogs={channels} value={tumblelog} onChange={setChosen} />
        </label>
      )}
      <BlockForm tumblelog={tumblelog} />
      <BlockedList tumblelog={tumblelog} viewer={info.user} />
    </section>
  );
}
