// The embed page: a post as a standalone HTML page, made to sit in another site's iframe.
import { createHash } from 'node:crypto';
import type { PostView } from '../../shared/posts/types';
import { EMBED_WIDTH } from '../../shared/share/constants';
import { EMBED_PROVIDER_ORIGINS } from '../content/embeds';
import { postBodyHtml, safeUrl } from './embed-content';
import { escapeHtml } from '../content/escape-html';
import { SITE_NAME } from '../../shared/constants';

/**
 * The page's one script, on photo sets only (spec 2 §7): it tells the framing page the set's width
 * and the card's height, with the post id, on load and when the frame is resized, so the embedder
 * can size the frame. Its text never varies (the id is read from the page), so the policy allows
 * exactly it by its hash: nothing a post carries can run.
 */
export const RESIZE_SCRIPT =
  "(function(){var b=document.body,id=b.getAttribute('data-post-id');function s(){var c=document.querySelector('.card'),p=document.querySelector('.photos');" +
  "if(c&&p&&parent!==window)parent.postMessage({type:'tumbleweed:resize',post_id:id,width:p.offsetWidth,height:c.offsetHeight},'*')}" +
  "addEventListener('load',s);addEventListener('resize',s)})();";
const RESIZE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(RESIZE_SCRIPT).digest('base64')}'`;

/**
 * No script runs on this page but the resize message above (default-src 'none', script-src its
 * hash alone): whatever got into a post, the embedding site's visitors run none of it. Images and media may come from anywhere
 * a post may link them; frames only from the players posts may carry and from this site (a post
 * can embed another post); any site may frame the page, which is its purpose. No forms, no
 * base tag, no plugins.
 */
export const EMBED_CSP = [
  "default-src 'none'",
  `script-src ${RESIZE_SCRIPT_HASH}`,
  "img-src 'self' https: http:",
  "media-src 'self' https: http:",
  "style-src 'unsafe-inline'",
  `frame-src 'self' ${EMBED_PROVIDER_ORIGINS.join(' ')}`,
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/** The headers of every embed answer, found or not. No X-Frame-Options: it must be framable. */
export const EMBED_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': EMBED_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;background:transparent}
body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:#1a1a1a}
.card{max-width:${EMBED_WIDTH}px;background:#fff;border:1px solid #d9dee4;border-radius:6px;padding:16px 18px;display:grid;gap:12px;overflow:hidden}
a{color:#0074a8}
header{display:flex;align-items:center;gap:10px;font-weight:700}
header a{color:#1a1a1a;text-decoration:none}
header img{border-radius:4px}
h2{margin:0;font-size:20px}
.html>:first-child{margin-top:0}.html>:last-child{margin-bottom:0}
img,video{max-width:100%;height:auto}
iframe{border:0;max-width:100%}
.photos{display:grid;gap:4px}.photo{margin:0}.photo img{display:block;width:100%}
.photo figcaption,.muted{color:#5a6270;font-size:13px}
.quote{margin:0}.quote blockquote{margin:0;font-size:20px;font-family:Georgia,serif}
.link-card{display:grid;gap:4px;padding:12px;border-radius:6px;background:#f1f4f7;color:#1a1a1a;text-decoration:none}
.link-title{font-weight:700;font-size:17px}
.chat{list-style:none;margin:0;padding:0;display:grid;gap:4px}
.audio{display:flex;gap:12px;align-items:center}.audio audio{display:block;margin-top:6px}
.video video{display:block;width:100%}
.ask{background:#f1f4f7;border-radius:6px;padding:10px 12px}.ask p{margin:4px 0 0}
.trail{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.trail li{display:grid;gap:6px;border-top:1px solid #e6eaef;padding-top:10px}.trail li:first-child{border-top:0;padding-top:0}
.trail-blog{font-weight:700;color:#1a1a1a;text-decoration:none}
.tags{color:#999;font-size:14px}
footer{display:flex;justify-content:space-between;gap:8px;border-top:1px solid #e6eaef;padding-top:10px;font-size:14px}
footer a{font-weight:600;text-decoration:none}
`;

function page(title: string, body: string, photoSetOf?: string): string {
  const open = photoSetOf ? `<body data-post-id="${escapeHtml(photoSetOf)}">` : '<body>';
  const script = photoSetOf ? `<script>${RESIZE_SCRIPT}</script>` : '';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<meta name="robots" content="noindex">' +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>${open}${body}${script}</body></html>`
  );
}

const notesLabel = (count: number) => (count === 1 ? '1 note' : `${count} notes`);

/** The page of one post: the blog (avatar, name), what the post says, its tags, a link to it. */
export function embedPage(post: PostView, ownHost: string): string {
  const avatar = safeUrl(post.blog.avatar_url);
  const blogLink = (inner: string) => `<a href="${escapeHtml(post.blog.url)}" target="_blank" rel="noopener">${inner}</a>`;
  const header =
    '<header>' +
    (avatar ? blogLink(`<img src="${escapeHtml(avatar)}" width="40" height="40" alt="">`) : '') +
    blogLink(escapeHtml(post.blog.name)) +
    '</header>';
  const tags = post.tags.length ? `<p class="tags">${post.tags.map((tag) => `#${escapeHtml(tag)}`).join(' ')}</p>` : '';
  const footer =
    `<footer><span class="muted">${notesLabel(post.note_count)}</span>` +
    `<a href="${escapeHtml(post.post_url)}" target="_blank" rel="noopener">View on ${SITE_NAME}</a></footer>`;
  const body = `<article class="card" aria-label="${escapeHtml(`Post by ${post.blog.name}`)}">${header}${postBodyHtml(post, ownHost)}${tags}${footer}</article>`;
  const photoSet = post.content.type === 'photo' && post.content.photos.length > 1;
  return page(`Post by ${post.blog.name} on ${SITE_NAME}`, body, photoSet ? post.id : undefined);
}

/** What a frame shows for a post that is not (or no longer) there to see. */
export function embedNotFoundPage(): string {
  return page(`${SITE_NAME}: post not available`, '<div class="card"><p>This post is not available.</p></div>');
}
