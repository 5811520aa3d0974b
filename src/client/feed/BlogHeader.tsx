import type { CSSProperties } from 'react';
import { pagePaths } from '../../shared/routes';
import type { BlogData } from '../api/blogs';
import page from '../app/page.module.css';
import { BlogMessagingButton } from '../asks/BlogMessagingButton';
import { BlogCardTrigger } from '../blogs/card/BlogCardTrigger';
import { cardColours } from '../blogs/card/card-theme';
import { FollowButton, SubscribeToggle } from '../follows/FollowButton';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import styles from './BlogPage.module.css';
import { SanitizedHtml } from './SanitizedHtml';
import type { Viewer } from './viewer';

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
export function BlogHeader({ blog, viewer, linkTitle = false }: { blog: BlogData; viewer: Viewer; linkTitle?: boolean }) {
  const title = blog.title || blog.name;
  return (
    <div className={page.withAvatar}>
      <BlogCardTrigger blog={blog}>
        <Avatar blog={blog} size={64} pixelated={shouldPixelate(blog, viewer)} />
      </BlogCardTrigger>
      <header className={`${page.card} ${styles.header}`} style={blogThemeStyle(blog)} data-testid="blog-header">
        <div className={styles.titles}>
          <h1 className={`${page.title} ${styles.blogTitle}`}>{linkTitle ? <a href={pagePaths.blog(blog.name)}>{title}</a> : title}</h1>
          <p className={page.muted}>{blog.name}</p>
        </div>
        <div className={styles.actions}>
          <FollowButton blog={blog} source="blog_page" />
          {blog.following && <SubscribeToggle blog={blog} />}
          <BlogMessagingButton blog={blog} viewer={viewer} />
        </div>
        {blog.description_sanitized && <SanitizedHtml className={styles.description} html={blog.description_sanitized} />}
      </header>
    </div>
  );
}
