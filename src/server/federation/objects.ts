// What one of our posts is to the fediverse: a Note (or an Article when it has a title) whose HTML
// is the post's own, already through our sanitizer when it was saved; pictures, sounds and films
// as attachments with their alt text; tags as Hashtags; a flagged post as sensitive, with a summary
// (Mastodon shows it as the content warning).
import { Article, Audio, Document, Hashtag, Image, Note, PUBLIC_COLLECTION, Video } from '@fedify/vocab';
import type { PostContent } from '../../shared/posts/types';
import { sanitizeRichHtml } from '../content/sanitize';
import { postUrl } from '../hydration/post-views';
import { instantOf } from './instant';

export interface FederatedPost {
  id: string;
  slug: string;
  content: PostContent;
  tags: string[];
  date: Date;
  sensitive: boolean;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The post's body as HTML, and its title where it has one. */
function bodyOf(content: PostContent): { title: string | null; html: string } {
  switch (content.type) {
    case 'text':
      return { title: content.title || null, html: content.body_html };
    case 'photo':
      return { title: null, html: content.caption_html };
    case 'quote':
      return { title: null, html: `<blockquote>${content.quote_html}</blockquote>${content.source_html ? `<p>— ${content.source_html}</p>` : ''}` };
    case 'link':
      return {
        title: null,
        html: `<p><a href="${escape(content.url)}">${escape(content.title || content.url)}</a></p>${content.description_html}`,
      };
    case 'chat':
      return {
        title: content.title || null,
        html: `<p>${content.lines.map((line) => `${line.label ? `<strong>${escape(line.label)}</strong> ` : ''}${escape(line.phrase)}`).join('<br />')}</p>`,
      };
    case 'audio':
      return { title: null, html: content.caption_html };
    case 'video':
      return { title: null, html: content.caption_html };
    case 'note':
      return { title: null, html: `<blockquote><p>${escape(content.question)}</p></blockquote>${content.answer_html}` };
  }
}

const absolute = (publicUrl: string, url: string) => (URL.canParse(url) ? new URL(url) : new URL(url, `${publicUrl}/`));

function attachmentsOf(publicUrl: string, content: PostContent): (Image | Audio | Video | Document)[] {
  if (content.type === 'photo') {
    return content.photos.map((photo) => new Image({
      url: absolute(publicUrl, photo.url),
      name: photo.caption || null,
      width: photo.width ?? null,
      height: photo.height ?? null,
    }));
  }
  if (content.type === 'audio' && content.url && !content.embed_html) {
    return [new Audio({ url: absolute(publicUrl, content.url), name: content.track_title || null })];
  }
  if (content.type === 'video' && content.url && !content.embed_html) {
    return [new Video({ url: absolute(publicUrl, content.url), width: content.width ?? null, height: content.height ?? null })];
  }
  return [];
}

export interface ObjectUris {
  id: URL;
  actor: URL;
  followers: URL;
  publicUrl: string;
  blogName: string;
  /** Where a tag's page is (tags as Hashtag links). */
  tagUrl: (tag: string) => URL;
}

/** The post as an ActivityPub object, addressed to the public and the blog's followers. */
export function postObject(post: FederatedPost, uris: ObjectUris): Note | Article {
  const { title, html } = bodyOf(post.content);
  const values = {
    id: uris.id,
    attribution: uris.actor,
    to: PUBLIC_COLLECTION,
    cc: uris.followers,
    url: new URL(postUrl(uris.publicUrl, uris.blogName, post)),
    // Saved HTML is sanitized already; once more here, as every path out of content does.
    content: sanitizeRichHtml(html, { ownHost: new URL(uris.publicUrl).host }),
    published: instantOf(post.date),
    attachments: attachmentsOf(uris.publicUrl, post.content),
    tags: post.tags.map((tag) => new Hashtag({ name: `#${tag}`, href: uris.tagUrl(tag) })),
    sensitive: post.sensitive,
    summary: post.sensitive ? 'Sensitive content' : null,
  };
  return title ? new Article({ ...values, name: title }) : new Note(values);
}
