import type { FeatureFlags } from '../../shared/flags';
import { EMBED_HEIGHT, EMBED_WIDTH, SHARE_POPUPS, SHARE_SUMMARY_MAX } from '../../shared/share/constants';
import type { NetworkShareResponse, SharePopoverData, ShareShowFlags } from '../../shared/share/types';
import { postText } from '../content/summary';
import { postThumbnail } from '../content/thumbnail';
import { AppError, ErrorCode } from '../http/errors';
import { postUrl } from '../hydration/post-views';
import type { SeenPost } from '../visibility';
import { embedDid, embedKey } from './embed-key';
import { escapeHtml } from '../content/escape-html';
import { SITE_NAME } from '../../shared/constants';
import { defaultTweet, facebookShareUrl, pinterestUrl, redditSubmitUrl, twitterIntentUrl } from '../../shared/share/links';

/** Email and network shares of a post only its owner can see. */
export const notShareable = () =>
  new AppError(403, ErrorCode.notAllowed, 'Only you can see this post, so there is nothing to share. Publish it publicly first.');

export const shortPath = (postId: string) => `/p/${postId}`;

export const embedUrl = (publicUrl: string, blogName: string, postId: string, key: string) =>
  `${publicUrl}/embed/post/${encodeURIComponent(blogName)}/${postId}?key=${encodeURIComponent(key)}`;

const NOTHING: ShareShowFlags = {
  show_email: false,
  show_embed: false,
  show_facebook: false,
  show_permalink: false,
  show_pinterest: false,
  show_reporting_links: false,
  show_twitter: false,
  show_reddit: false,
  show_flagging: false,
};

/**
 * Which options the popover lists. A post only its owner can see (private, draft, queued, or on
 * a suspended blog) lists none: there is nothing another person could open. Embed and Reddit
 * follow their feature flags (spec 1 §6). Reporting and flagging need a logged-in viewer (a
 * report has a reporter) and are never offered on one's own post.
 */
export function showFlags(seen: Pick<SeenPost, 'mine' | 'isPublic'>, loggedIn: boolean, flags: FeatureFlags): ShareShowFlags {
  if (!seen.isPublic) return NOTHING;
  const canReport = loggedIn && !seen.mine;
  return {
    show_email: true,
    show_embed: flags.enable_share_embed_code,
    show_facebook: true,
    show_permalink: true,
    show_pinterest: true,
    show_reporting_links: canReport,
    show_twitter: true,
    show_reddit: flags.reddit_sharing,
    show_flagging: canReport,
  };
}

export const absolute = (publicUrl: string, url: string) => (url.startsWith('/') ? publicUrl + url : url);

export function embedCode(publicUrl: string, seen: SeenPost): string {
  const src = embedUrl(publicUrl, seen.blog.name, seen.post.id, embedKey(seen.post));
  const title = `Post by ${seen.blog.name} on ${SITE_NAME}`;
  return (
    `<iframe id="tumbleweed-embed-${embedDid(seen.post)}" src="${escapeHtml(src)}" width="${EMBED_WIDTH}" ` +
    `height="${EMBED_HEIGHT}" frameborder="0" title="${escapeHtml(title)}" style="border:0;max-width:100%"></iframe>`
  );
}

export interface ShareViewer {
  formKey: string;
}

/** POST /svc/post/share/{blog}/{post_id}: a pure function of the post, who asks and their flags. */
export function sharePopoverData(seen: SeenPost, viewer: ShareViewer | null, flags: FeatureFlags, publicUrl: string): SharePopoverData {
  const show = showFlags(seen, viewer !== null, flags);
  const link = postUrl(publicUrl, seen.blog.name, seen.post);
  const summary = postText(seen.post.content, { max: SHARE_SUMMARY_MAX });
  // Pinterest pins the picture itself: the photo as uploaded, not a thumbnail.
  const image = postThumbnail(seen.post.content, { minWidth: Infinity });
  return {
    abuse_url: `${publicUrl}/svc/post/report`,
    embed_code: show.show_embed ? embedCode(publicUrl, seen) : '',
    embed_did: show.show_embed ? embedDid(seen.post) : '',
    embed_key: show.show_embed ? embedKey(seen.post) : '',
    form_key: viewer?.formKey ?? null,
    has_facebook: false,
    has_user: viewer !== null,
    is_private: seen.post.is_private,
    permalink_label: link.replace(/^https?:\/\//, ''),
    post_id: seen.post.id,
    post_tiny_url: publicUrl + shortPath(seen.post.id),
    post_url: link,
    root_id: seen.post.root_id,
    tumblelog_name: seen.blog.name,
    twitter_username: null,
    pinterest_share_window: {
      url: pinterestUrl(link, summary, image && absolute(publicUrl, image)),
      name: 'pinterest',
      dimensions: SHARE_POPUPS.pinterest,
    },
    tumblelog_share: false,
    post_summary: summary,
    ...show,
  };
}

export type ShareNetwork = NetworkShareResponse['network'];

/**
 * The network's own share page for a post (POST /svc/share/{network} with a share_fallback): what
 * the share data's summary, address and photo make of it, built here so every client opens the same.
 */
export function networkShareWindow(network: ShareNetwork, seen: SeenPost, publicUrl: string, message?: string): NetworkShareResponse['share_window'] {
  const link = postUrl(publicUrl, seen.blog.name, seen.post);
  const summary = postText(seen.post.content, { max: SHARE_SUMMARY_MAX });
  const image = postThumbnail(seen.post.content, { minWidth: Infinity });
  const url = {
    // The send-a-post subview's tweet, when written, is what Twitter's window opens with.
    twitter: () => twitterIntentUrl(message?.trim() ? message : defaultTweet(summary), link),
    facebook: () => facebookShareUrl(link),
    pinterest: () => pinterestUrl(link, summary, image && absolute(publicUrl, image)),
    reddit: () => redditSubmitUrl(link, summary || seen.blog.name),
  }[network]();
  return { url, name: network };
}
