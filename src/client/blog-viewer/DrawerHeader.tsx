import { useState, type CSSProperties, type ReactNode } from 'react';
import { inAppHref, pagePaths } from '../../shared/routes';
import type { BlogData } from '../api/blogs';
import { blogLook } from '../blogs/blog-theme';
import { useTitleFont } from '../blogs/title-font';
import { FollowButton, SubscribeToggle } from '../blogs/FollowButton';
import { SanitizedHtml } from '../ui/SanitizedHtml';
import type { Viewer } from '../ui/viewer';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import styles from './BlogDrawer.module.css';
import { HeaderEditor } from './HeaderEditor';

/** The blog's theme for the drawer (spec 2 §3 global_theme_params), kept readable as on its own page. */
export function drawerTheme(blog: BlogData): CSSProperties {
  const colours = blogLook(blog.global_theme_params);
  return {
    '--drawer-bg': colours.background,
    '--drawer-text': colours.text,
    '--drawer-link': colours.link,
    '--drawer-title': colours.title,
    '--drawer-button': colours.button,
  } as CSSProperties;
}

/** The sheet's ×: its name says what it closes. */
export function DrawerClose({ name, onClose }: { name: string; onClose: () => void }) {
  return (
    <button type="button" className={styles.close} aria-label={`Close ${name}`} data-tooltip="Close" onClick={onClose}>
      <span aria-hidden="true">×</span>
    </button>
  );
}

function ShareBlog({ blog }: { blog: BlogData }) {
  const [copied, setCopied] = useState(false);
  const share = async () => {
    try {
      await navigator.clipboard.writeText(blog.url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin): the link itself is there to copy.
      setCopied(false);
    }
  };
  return (
    <button type="button" className={styles.headerButton} onClick={() => void share()} aria-live="polite">
      {copied ? 'Link copied' : 'Share'}
    </button>
  );
}

interface DrawerHeaderProps {
  blog: BlogData;
  viewer: Viewer;
  /** The search controls (icon, field, filter): in the header's top bar. */
  search: ReactNode;
  titleId: string;
  onClose: () => void;
}

/**
 * The drawer's header (spec 2 §2 "Header controls"): header image at its focus point, avatar,
 * title in the blog's font and colour, description, then share, follow with subscribe and the
 * link to the blog's own page; no dismiss (the recommendation's). Its top bar starts with the
 * sheet's close (×), on every width.
 */
export function DrawerHeader({ blog, viewer, search, titleId, onClose }: DrawerHeaderProps) {
  const look = blogLook(blog.global_theme_params);
  const titleFont = useTitleFont(blog.global_theme_params);
  // The owner's control: their blog's appearance (title, colours, header image) in its settings.
  const isOwner = (blog as BlogData & { is_owner?: boolean }).is_owner === true;
  const params = blog.global_theme_params;
  const title = blog.title || blog.name;
  return (
    <header className={styles.header}>
      <div className={styles.topBar}>
        <DrawerClose name={blog.name} onClose={onClose} />
        {search}
      </div>
      {/* header_image_focused is already cropped around the owner's focus point: drawn centred. */}
      {look.headerImage && (
        <div
          className={`${styles.headerImage} ${look.headerStretch ? styles.stretched : ''}`}
          style={{ backgroundImage: `url("${encodeURI(look.headerImage)}")` }}
          data-testid="drawer-header-image"
        />
      )}
      <div className={styles.identity}>
        {look.showAvatar && <Avatar blog={blog} size={64} shape={look.avatarShape} pixelated={shouldPixelate(blog, viewer)} />}
        {/* The title names the dialog: hidden by the owner, it is still read. */}
        <h2 id={titleId} className={`${styles.blogTitle} ${look.showTitle ? '' : styles.hiddenTitle}`} style={titleFont}>
          {title}
        </h2>
        {look.showDescription && blog.description_sanitized && (
          <SanitizedHtml className={styles.description} html={blog.description_sanitized} />
        )}
        <div className={styles.controls}>
          <ShareBlog blog={blog} />
          <FollowButton blog={blog} source="peepr" />
          {blog.following && <SubscribeToggle blog={blog} />}
          <a className={styles.headerButton} href={inAppHref(blog.url)}>
            View blog
          </a>
          {isOwner && (
            <a className={styles.headerButton} href={`${pagePaths.blog(blog.name)}/settings`}>
              Blog settings
            </a>
          )}
        </div>
        {/* Remounted by a saved change, so the form starts from what the server kept. */}
        {isOwner && <HeaderEditor key={`${blog.title}|${params.title_color}|${params.background_color}`} blog={blog} />}
      </div>
    </header>
  );
}
