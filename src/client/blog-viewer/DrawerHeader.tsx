import { useState, type CSSProperties, type ReactNode } from 'react';
import { inAppHref, pagePaths } from '../../shared/routes';
import type { BlogData } from '../api/blogs';
import { cardColours } from '../blogs/card/card-theme';
import { FollowButton, SubscribeToggle } from '../blogs/FollowButton';
import { SanitizedHtml } from '../ui/SanitizedHtml';
import type { Viewer } from '../ui/viewer';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import styles from './BlogDrawer.module.css';
import { HeaderEditor } from './HeaderEditor';

/** The blog's theme for the drawer (spec 2 §3 global_theme_params), made legible as on its card. */
export function drawerTheme(blog: BlogData): CSSProperties {
  const colours = cardColours(blog.global_theme_params);
  return {
    '--drawer-bg': colours.background,
    '--drawer-text': colours.text,
    '--drawer-link': colours.link,
    '--drawer-title': colours.title,
    '--drawer-button': colours.button,
  } as CSSProperties;
}

/**
 * The header image when the blog shows one: header_image_focused is the image already cropped
 * around its focus point, so it is drawn centred and covering the band.
 */
export function headerImageUrl(blog: BlogData): string | null {
  const params = blog.global_theme_params;
  if (!params?.show_header_image || !params.header_image_focused) return null;
  return params.header_image_focused;
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
 * link to the blog's own page; no dismiss.
 */
export function DrawerHeader({ blog, viewer, search, titleId, onClose }: DrawerHeaderProps) {
  const image = headerImageUrl(blog);
  // The owner's control: their blog's appearance (title, colours, header image) in its settings.
  const isOwner = (blog as BlogData & { is_owner?: boolean }).is_owner === true;
  const params = blog.global_theme_params;
  const title = blog.title || blog.name;
  return (
    <header className={styles.header}>
      <div className={styles.topBar}>
        <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
          ×
        </button>
        {search}
      </div>
      {image && (
        <div className={styles.headerImage} style={{ backgroundImage: `url("${encodeURI(image)}")` }} />
      )}
      <div className={styles.identity}>
        {params?.show_avatar !== false && (
          <Avatar blog={blog} size={64} pixelated={shouldPixelate(blog, viewer)} />
        )}
        <h2
          id={titleId}
          className={styles.blogTitle}
          // The blog's font when the browser has it, else the page's own (never a bare serif fallback).
          style={{ fontFamily: params?.title_font ? `"${params.title_font.replace(/["\\]/g, '')}", system-ui, sans-serif` : undefined, fontWeight: params?.title_font_weight === 'regular' ? 400 : 700 }}
        >
          {title}
        </h2>
        {params?.show_description !== false && blog.description_sanitized && (
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
