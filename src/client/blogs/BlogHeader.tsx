import type { CSSProperties, ReactNode } from 'react';
import { pagePaths } from '../../shared/routes';
import type { BlogData } from '../api/blogs';
import page from '../page/page.module.css';
import { BlogCardTrigger } from './card/BlogCardTrigger';
import { useTitleFont } from './title-font';
import { blogLook, type BlogLook } from './blog-theme';
import { FollowButton, SubscribeToggle } from './FollowButton';
import { BlogShareButton } from '../share/BlogShareButton';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import styles from './BlogHeader.module.css';
import { SanitizedHtml } from '../ui/SanitizedHtml';
import type { Viewer } from '../ui/viewer';

/** The blog's own colours (kept readable), for the header of its pages. */
function blogThemeStyle(colours: BlogLook): CSSProperties {
  return {
    background: colours.background,
    color: colours.text,
    '--text-muted': colours.text,
    '--link': colours.link,
    '--blog-title': colours.title,
  } as CSSProperties;
}

/** header_image_focused is already cropped around the owner's focus point: drawn centred. */
function HeaderImage({ url, stretch }: { url: string; stretch: boolean }) {
  return (
    <div
      className={`${styles.headerImage} ${stretch ? styles.stretched : ''}`}
      style={{ backgroundImage: `url("${encodeURI(url)}")` }}
      data-testid="blog-header-image"
      role="presentation"
    />
  );
}

/**
 * A blog's name, title, description and Follow, in the blog's theme colours: the top of its blog
 * page, and of each of its posts' pages (where the title links back to the blog).
 */
export function BlogHeader({ blog, viewer, linkTitle = false, messaging }: { blog: BlogData; viewer: Viewer; linkTitle?: boolean; messaging: ReactNode }) {
  const title = blog.title || blog.name;
  const titleFont = useTitleFont(blog.global_theme_params);
  const look = blogLook(blog.global_theme_params);
  const heading = linkTitle ? <a href={pagePaths.blog(blog.name)}>{title}</a> : title;
  return (
    <div className={page.withAvatar}>
      {/* The column keeps its place when the owner hides the avatar, so the cards stay aligned. */}
      {look.showAvatar ? (
        <BlogCardTrigger blog={blog}>
          <Avatar blog={blog} size={64} shape={look.avatarShape} pixelated={shouldPixelate(blog, viewer)} />
        </BlogCardTrigger>
      ) : (
        <span />
      )}
      <header className={`${page.card} ${styles.header}`} style={blogThemeStyle(look)} data-testid="blog-header">
        {look.headerImage && <HeaderImage url={look.headerImage} stretch={look.headerStretch} />}
        {/* Phones have no avatar column: the avatar, in its shape, comes into the header. */}
        {look.showAvatar && (
          <span className={styles.phoneAvatar}>
            <Avatar blog={blog} size={48} shape={look.avatarShape} pixelated={shouldPixelate(blog, viewer)} />
          </span>
        )}
        <div className={styles.titles}>
          {/* A hidden title still names the page for screen readers. */}
          <h1 className={`${page.title} ${styles.blogTitle} ${look.showTitle ? '' : styles.hiddenTitle}`} style={titleFont}>
            {heading}
          </h1>
          <p className={page.muted}>{blog.name}</p>
        </div>
        <div className={styles.actions}>
          <FollowButton blog={blog} source="blog_page" />
          {blog.following && <SubscribeToggle blog={blog} />}
          {messaging}
          <BlogShareButton blog={blog} />
        </div>
        {look.showDescription && blog.description_sanitized && <SanitizedHtml className={styles.description} html={blog.description_sanitized} />}
      </header>
    </div>
  );
}
