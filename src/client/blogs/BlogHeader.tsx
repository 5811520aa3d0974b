import type { CSSProperties, ReactNode } from 'react';
import { pagePaths } from '../../shared/routes';
import type { BlogData } from '../api/blogs';
import page from '../page/page.module.css';
import { BlogCardTrigger } from './card/BlogCardTrigger';
import { useTitleFont } from './title-font';
import { cardColours } from './card/card-theme';
import { FollowButton, SubscribeToggle } from './FollowButton';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import styles from './BlogHeader.module.css';
import { SanitizedHtml } from '../ui/SanitizedHtml';
import type { Viewer } from '../ui/viewer';

/** The blog's own colours (made legible as on its card), for the header of its pages. */
export function blogThemeStyle(blog: BlogData): CSSProperties {
  const colours = cardColours(blog.global_theme_params);
  return {
    background: colours.background,
    color: colours.text,
    '--text-muted': colours.text,
    '--link': colours.link,
    '--blog-title': colours.title,
  } as CSSProperties;
}

/**
 * A blog's name, title, description and Follow, in the blog's theme colours: the top of its blog
 * page, and of each of its posts' pages (where the title links back to the blog).
 */
export function BlogHeader({ blog, viewer, linkTitle = false, messaging }: { blog: BlogData; viewer: Viewer; linkTitle?: boolean; messaging: ReactNode }) {
  const title = blog.title || blog.name;
  const titleFont = useTitleFont(blog.global_theme_params);
  return (
    <div className={page.withAvatar}>
      <BlogCardTrigger blog={blog}>
        <Avatar blog={blog} size={64} pixelated={shouldPixelate(blog, viewer)} />
      </BlogCardTrigger>
      <header className={`${page.card} ${styles.header}`} style={blogThemeStyle(blog)} data-testid="blog-header">
        <div className={styles.titles}>
          <h1 className={`${page.title} ${styles.blogTitle}`} style={titleFont}>{linkTitle ? <a href={pagePaths.blog(blog.name)}>{title}</a> : title}</h1>
          <p className={page.muted}>{blog.name}</p>
        </div>
        <div className={styles.actions}>
          <FollowButton blog={blog} source="blog_page" />
          {blog.following && <SubscribeToggle blog={blog} />}
          {messaging}
        </div>
        {blog.description_sanitized && <SanitizedHtml className={styles.description} html={blog.description_sanitized} />}
      </header>
    </div>
  );
}
