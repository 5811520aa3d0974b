import type { ReactNode } from 'react';
import type { TrailItem } from '../../shared/posts/types';
import { BlogCardTrigger } from '../blogs/card/BlogCardTrigger';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import styles from './PostCard.module.css';
import contentStyles from '../ui/content.module.css';
import { SanitizedHtml } from '../ui/SanitizedHtml';
import type { Viewer } from '../ui/viewer';
import { inAppHref } from '../../shared/routes';
import { drawerLink } from '../ui/drawer-link';

/**
 * A reblog's trail, root first: each blog with a small avatar and what it added. The root's
 * words are the post's content, passed in as `rootContent`.
 */
export function Trail({ trail, viewer, rootContent }: { trail: TrailItem[]; viewer: Viewer; rootContent: ReactNode }) {
  const items = trail.filter((item) => item.is_root || item.content_html);
  if (!items.some((item) => item.is_root)) {
    // The original blog is gone: its words still lead, without a name over them.
    return (
      <>
        {rootContent}
        {items.length > 0 && <Trail trail={items} viewer={viewer} rootContent={null} />}
      </>
    );
  }
  return (
    <ol className={styles.trail} aria-label="Reblog trail">
      {items.map((item) => (
        <li key={item.post_id} className={styles.trailItem} data-root={item.is_root || undefined}>
          <BlogCardTrigger blog={item.blog}>
            <a className={styles.trailBlog} href={inAppHref(item.blog.url)} {...drawerLink(item.blog.name)}>
              <Avatar blog={item.blog} size={24} pixelated={shouldPixelate(item.blog, viewer)} />
              {item.blog.name}
            </a>
          </BlogCardTrigger>
          {item.is_root ? rootContent : <SanitizedHtml html={item.content_html} className={contentStyles.html} />}
        </li>
      ))}
    </ol>
  );
}
