import type { PostContent, PostView, TrailItem } from '../../shared/posts/types';
import { SanitizedHtml } from '../ui/SanitizedHtml';
import { Avatar } from '../ui/Avatar';
import styles from './ReblogTrail.module.css';

// Post HTML and embeds go through SanitizedHtml, as in the feed: the one path that sandboxes
// their iframes before they load. Nothing here sets HTML itself.

/** The post's own media (what a reblog carries whatever the trail says). */
function Media({ content }: { content: PostContent }) {
  switch (content.type) {
    case 'text':
      return content.title ? <h3 className={styles.title}>{content.title}</h3> : null;
    case 'photo':
      return (
        <div className={styles.photos}>
          {content.photos.map((photo, index) => (
            <img key={photo.id} src={photo.url} alt={photo.alt_text || photo.caption || `Photo ${index + 1}`} width={photo.width ?? undefined} height={photo.height ?? undefined} />
          ))}
        </div>
      );
    case 'quote':
      return (
        <blockquote className={styles.quote}>
          <SanitizedHtml html={content.quote_html} />
          <SanitizedHtml html={content.source_html} className={styles.quoteSource} />
        </blockquote>
      );
    case 'link':
      return (
        <a className={styles.link} href={content.url} target="_blank" rel="noopener noreferrer">
          {content.title || content.url}
        </a>
      );
    case 'chat':
      return (
        <dl className={styles.chat}>
          {content.title && <h3 className={styles.title}>{content.title}</h3>}
          {content.lines.map((line, index) => (
            <div key={index}>
              <dt>{line.label}</dt>
              <dd>{line.phrase}</dd>
            </div>
          ))}
        </dl>
      );
    case 'audio':
      return content.embed_html ? (
        <SanitizedHtml html={content.embed_html} className={styles.embed} />
      ) : (
        <p className={styles.track}>♪ {[content.track_title, content.track_artist].filter(Boolean).join(' — ') || content.url}</p>
      );
    case 'video':
      return <SanitizedHtml html={content.embed_html ?? ''} className={styles.embed} />;
    case 'note':
      return <blockquote className={styles.question}>{content.question}</blockquote>;
  }
}

/** The root post's words: its body or caption (quotes, links and chats show theirs as media). */
function ownWords(content: PostContent): string {
  switch (content.type) {
    case 'text': return content.body_html;
    case 'photo': case 'audio': case 'video': return content.caption_html;
    case 'link': return content.description_html;
    case 'note': return content.answer_html;
    default: return '';
  }
}

function Step({ item }: { item: TrailItem }) {
  return (
    <li className={styles.step}>
      <div className={styles.who}>
        <Avatar blog={item.blog} size={24} />
        <span className={styles.name}>{item.blog.name}</span>
      </div>
      <SanitizedHtml html={item.content_html} className={styles.content} />
    </li>
  );
}

interface ReblogTrailProps {
  post: PostView;
  /** Editing a reblog: its own words are in the editor, not in the trail. */
  withoutOwn: boolean;
}

/**
 * What is being reblogged: the post's media, then each blog's words, root first. The root's words
 * are the post's own content (its trail item is empty); a reblogger who added nothing is skipped.
 */
export function ReblogTrail({ post, withoutOwn }: ReblogTrailProps) {
  const rootWords = ownWords(post.content);
  const trail = withoutOwn ? post.trail.filter((item) => item.post_id !== post.id) : post.trail;
  const steps = (trail.length > 0 ? trail : [{ post_id: post.id, blog: post.blog, content_html: '', is_root: true }])
    .map((item) => (item.is_root && !item.content_html ? { ...item, content_html: rootWords } : item))
    .filter((item) => item.content_html.trim() !== '');
  return (
    <section className={styles.trail} aria-label={`Reblogged from ${post.reblogged_from?.blog_name ?? post.blog.name}`}>
      <Media content={post.content} />
      {steps.length > 0 && (
        <ol className={styles.steps}>
          {steps.map((item) => (
            <Step key={item.post_id} item={item} />
          ))}
        </ol>
      )}
    </section>
  );
}
