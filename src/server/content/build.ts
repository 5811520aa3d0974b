// Turns the save payload into what a post stores and shows: sanitized content by type (each
// type's module in types/ builds its own), and the source as typed (for editing). Validation
// uses the spec's messages (spec 1 §5).
import type { EditorType } from '../../shared/constants';
import type { AnyPostType, PostContent, PostFormSource } from '../../shared/posts/types';
import type { BuildContext, ContentInput } from './post-type';
import { postTypeModule } from './registry';
import { htmlToPlainText } from './sanitize';

/** The content of a new or edited post (not a reblog's: that copies its parent's). */
export function buildContent(type: AnyPostType, input: ContentInput, ctx: BuildContext): PostContent {
  return postTypeModule(type).build(input, ctx);
}

/** What the form needs to edit the post again: the fields as typed. */
export function formSource(p: ContentInput, editorType: EditorType): PostFormSource {
  const extra: Record<string, string> = { editor_type: editorType };
  for (const [key, value] of Object.entries(p.raw)) {
    if (/^(images|caption|alt|livephoto)\[o\d{1,3}\]$/.test(key) || ['post[photoset_layout]', 'post[photoset_order]', 'excerpt', 'author', 'embed_code', 'preuploaded_url', 'album_art'].includes(key) || key.startsWith('id3_tags[')) {
      if (typeof value === 'string') extra[key] = value;
    }
  }
  return { one: p.one, two: p.two, three: p.three, extra };
}

/** A readable slug from the post's words, or the one given, kept to a-z, 0-9 and hyphens. */
export function slugFor(given: string, content: PostContent): string {
  const words = given.trim() ||
    ('title' in content && content.title) ||
    ('body_html' in content && htmlToPlainText(content.body_html)) ||
    ('quote_html' in content && htmlToPlainText(content.quote_html)) ||
    ('question' in content && content.question) || '';
  return words
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
