// A post's content as static HTML for the embed page: one renderer per type behind a switch, as
// the client's feed does. Text fields are escaped; *_html fields were sanitized when written and
// are sanitized again here, so this page never trusts the database alone.
import type { PostContent, PostView, TrailItem } from '../../shared/posts/types';
import { sanitizeRichHtml } from '../content/sanitize';
import { escapeHtml } from '../content/escape-html';

/** What a frame inside the embed page may do (the same as the client's feed). */
const IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups';

/**
 * Sanitized HTML with each iframe sandboxed. sanitize-html writes every tag it keeps as
 * `<iframe ` followed by attributes and escapes `<` in text, so this string match can only
 * meet real iframe tags.
 */
function userHtml(html: string, ownHost: string): string {
  if (!html) return '';
  return sanitizeRichHtml(html, { ownHost }).replace(/<iframe /g, `<iframe sandbox="${IFRAME_SANDBOX}" loading="lazy" `);
}

const block = (html: string, ownHost: string) => (html ? `<div class="html">${userHtml(html, ownHost)}</div>` : '');

/** http(s) or a same-site path; anything else (javascript:, data:, //host) is left out. */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  return null;
}

const outLink = (href: string, inner: string) =>
  `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer nofollow">${inner}</a>`;

function photos(content: Extract<PostContent, { type: 'photo' }>, ownHost: string): string {
  const link = safeUrl(content.linkthrough);
  const figures = content.photos
    .map((photo, index) => {
      const src = safeUrl(photo.url);
      if (!src) return '';
      const size = photo.width && photo.height ? ` width="${photo.width}" height="${photo.height}"` : '';
      const alt = photo.caption ? '' : content.photos.length > 1 ? `Photo ${index + 1} of ${content.photos.length}` : 'Photo';
      const img = `<img src="${escapeHtml(src)}"${size} alt="${escapeHtml(alt)}" loading="lazy">`;
      const caption = photo.caption ? `<figcaption>${escapeHtml(photo.caption)}</figcaption>` : '';
      return `<figure class="photo">${link ? outLink(link, img) : img}${caption}</figure>`;
    })
    .join('');
  return `<div class="photos">${figures}</div>${block(content.caption_html, ownHost)}`;
}

function link(content: Extract<PostContent, { type: 'link' }>, ownHost: string): string {
  const href = safeUrl(content.url);
  const thumb = safeUrl(content.thumbnail);
  const inner =
    (thumb ? `<img src="${escapeHtml(thumb)}" alt="" loading="lazy">` : '') +
    `<span class="link-title">${escapeHtml(content.title || content.url)}</span>` +
    (content.excerpt ? `<span class="excerpt">${escapeHtml(content.excerpt)}</span>` : '');
  const card = href ? outLink(href, inner).replace('<a ', '<a class="link-card" ') : `<div class="link-card">${inner}</div>`;
  const author = content.author ? `<p class="muted">By ${escapeHtml(content.author)}</p>` : '';
  return card + author + block(content.description_html, ownHost);
}

function audio(content: Extract<PostContent, { type: 'audio' }>, ownHost: string): string {
  if (content.embed_html) return block(content.embed_html, ownHost) + block(content.caption_html, ownHost);
  const src = safeUrl(content.url);
  const title = content.track_title || 'Untitled track';
  const meta = [content.track_artist, content.track_album].filter(Boolean).join(' — ');
  const art = safeUrl(content.album_art);
  return (
    `<div class="audio">${art ? `<img src="${escapeHtml(art)}" alt="" width="80" height="80">` : ''}` +
    `<div><strong>${escapeHtml(title)}</strong>${meta ? `<div class="muted">${escapeHtml(meta)}</div>` : ''}` +
    (src ? `<audio controls preload="none" src="${escapeHtml(src)}" aria-label="${escapeHtml(`Play ${title}`)}"></audio>` : '') +
    `</div></div>${block(content.caption_html, ownHost)}`
  );
}

function video(content: Extract<PostContent, { type: 'video' }>, ownHost: string): string {
  if (content.embed_html) return `<div class="video">${userHtml(content.embed_html, ownHost)}</div>${block(content.caption_html, ownHost)}`;
  const src = safeUrl(content.url);
  const poster = safeUrl(content.poster_url);
  const player = src
    ? `<video controls muted preload="metadata" src="${escapeHtml(src)}"${poster ? ` poster="${escapeHtml(poster)}"` : ''}></video>`
    : '';
  return `<div class="video">${player}</div>${block(content.caption_html, ownHost)}`;
}

export function contentHtml(content: PostContent, ownHost: string): string {
  switch (content.type) {
    case 'text':
      return (content.title ? `<h2>${escapeHtml(content.title)}</h2>` : '') + block(content.body_html, ownHost);
    case 'photo':
      return photos(content, ownHost);
    case 'quote':
      return (
        `<figure class="quote"><blockquote class="html">${userHtml(content.quote_html, ownHost)}</blockquote>` +
        (content.source_html ? `<figcaption>— ${userHtml(content.source_html, ownHost)}</figcaption>` : '') +
        '</figure>'
      );
    case 'link':
      return link(content, ownHost);
    case 'chat':
      return (
        (content.title ? `<h2>${escapeHtml(content.title)}</h2>` : '') +
        `<ul class="chat">${content.lines
          .map((line) => `<li>${line.label ? `<strong>${escapeHtml(line.label)}</strong> ` : ''}${escapeHtml(line.phrase)}</li>`)
          .join('')}</ul>`
      );
    case 'audio':
      return audio(content, ownHost);
    case 'video':
      return video(content, ownHost);
    case 'note':
      return (
        `<div class="ask"><span class="muted">${escapeHtml(content.asking_name || 'Anonymous')} asked:</span>` +
        `<p>${escapeHtml(content.question)}</p></div>${block(content.answer_html, ownHost)}`
      );
  }
}

function trailBlog(item: TrailItem): string {
  return outLink(item.blog.url, escapeHtml(item.blog.name)).replace('<a ', '<a class="trail-blog" ');
}

/** The post's words: its content, or for a reblog the trail with the original's content at its root. */
export function postBodyHtml(post: PostView, ownHost: string): string {
  const root = contentHtml(post.content, ownHost);
  const items = post.trail.filter((item) => item.is_root || item.content_html);
  if (!post.is_reblog || items.length === 0) return root;
  const hasRoot = items.some((item) => item.is_root);
  const steps = items
    .map((item) => `<li>${trailBlog(item)}${item.is_root ? root : block(item.content_html, ownHost)}</li>`)
    .join('');
  return `${hasRoot ? '' : root}<ol class="trail">${steps}</ol>`;
}
