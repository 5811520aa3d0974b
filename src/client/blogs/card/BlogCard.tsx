import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { GlobalThemeParams, HighlightedPost } from '../../../shared/types';
import { SanitizedHtml } from '../../ui/SanitizedHtml';
import { Avatar, type Pixelation } from '../../ui/Avatar';
import styles from './BlogCard.module.css';
import { CARD_TRUNCATION_CHECK_MS } from './card-constants';
import { cardColours } from './card-theme';
import { guardLinkClick } from './description-links';
import { inAppHref } from '../../../shared/routes';
import { drawerLink } from '../../ui/drawer-link';
import { useTitleFont } from '../title-font';

export interface BlogCardView {
  name: string;
  url?: string;
  title?: string;
  is_adult?: boolean;
  avatar_url?: string;
  description_sanitized?: string;
  global_theme_params?: Partial<GlobalThemeParams>;
}

interface BlogCardProps {
  blog: BlogCardView;
  /** The posts to show, or null for an empty recent-posts area (loading, or fewer than 2). */
  posts: HighlightedPost[] | null;
  pixelated?: Pixelation;
  /** A picture to show instead of the stored avatar (the settings preview of a new upload). */
  avatarSrc?: string | null;
  /** Follow, Unfollow, the bell. */
  actions?: ReactNode;
  /** The card's menu (Block, ...). */
  menu?: ReactNode;
}

/** The description, cut with a fade when it is taller than its box (measured after 100 ms; keyed by its HTML). */
function Description({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      const box = ref.current;
      if (box) setOverflows(box.scrollHeight > box.clientHeight + 1);
    }, CARD_TRUNCATION_CHECK_MS);
    return () => clearTimeout(timer);
  }, [html]);
  return (
    // The links inside are the author's: a click (or Enter) on one with another protocol does nothing.
    <div ref={ref} className={styles.description} data-truncated={overflows || undefined} onClick={guardLinkClick}>
      <SanitizedHtml html={html} />
    </div>
  );
}

function PostTile({ post }: { post: HighlightedPost }) {
  return (
    <li className={styles.post}>
      <a href={inAppHref(post.post_url)} className={styles.postLink} title={post.summary || undefined}>
        {post.thumbnail_url ? (
          <img src={post.thumbnail_url} alt={post.summary} loading="lazy" className={styles.postImage} />
        ) : (
          <span className={styles.postText}>{post.summary || post.type}</span>
        )}
      </a>
    </li>
  );
}

/** The blog card's face (spec 1 §2): header, avatar, title, description, recent posts, actions. */
export function BlogCard({ blog, posts, pixelated = false, avatarSrc, actions, menu }: BlogCardProps) {
  const theme = blog.global_theme_params ?? {};
  const colours = cardColours(theme);
  const titleFont = useTitleFont(theme);
  const header = theme.show_header_image !== false ? theme.header_image_focused : null;
  const shape = theme.avatar_shape === 'square' ? 'square' : 'circle';
  const style = {
    '--card-bg': colours.background,
    '--card-title': colours.title,
    '--card-link': colours.link,
    '--card-text': colours.text,
    '--follow-colour': colours.button,
    '--bell-colour': colours.text,
  } as CSSProperties;

  return (
    <div className={styles.card} style={style} data-testid="blog-card">
      <div className={styles.header} style={header ? { backgroundImage: `url("${encodeURI(header)}")` } : undefined} data-has-image={Boolean(header) || undefined} />
      {menu && <div className={styles.menu}>{menu}</div>}
      {theme.show_avatar !== false && (
        <a href={inAppHref(blog.url)} className={`${styles.avatar} ${shape === 'circle' ? styles.circle : ''}`} tabIndex={-1} aria-hidden="true" {...drawerLink(blog.name)}>
          {avatarSrc ? (
            <img src={avatarSrc} width={64} height={64} alt="" className={shape === 'circle' ? styles.circle : ''} />
          ) : (
            <Avatar blog={{ name: blog.name, is_adult: Boolean(blog.is_adult), avatar_url: blog.avatar_url }} size={64} shape={shape} pixelated={pixelated} />
          )}
        </a>
      )}
      <div className={styles.body}>
        {theme.show_title !== false && blog.title && <h2 className={styles.title} style={titleFont}>{blog.title}</h2>}
        <a href={inAppHref(blog.url)} className={styles.name} {...drawerLink(blog.name)}>
          {blog.name}
        </a>
        {theme.show_description !== false && blog.description_sanitized && <Description key={blog.description_sanitized} html={blog.description_sanitized} />}
      </div>
      <ul className={styles.posts} aria-label={`Recent posts of ${blog.name}`}>
        {posts?.map((post) => <PostTile key={post.id} post={post} />)}
      </ul>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
