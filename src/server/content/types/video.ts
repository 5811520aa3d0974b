import { POST_MESSAGES } from '../../../shared/posts/messages';
import { isHttpUrl } from '../../../shared/posts/urls';
import { invalidField } from '../../http/errors';
import { textField } from '../../http/fields';
import { embedUrlFor } from '../embeds';
import { fieldHtml, playerHtml } from '../html';
import { firstWords, type PostTypeModule } from '../post-type';
import { htmlToPlainText } from '../sanitize';

const PLAYER_HEIGHT = 304;

/** A video service's page URL or an embed code as the player to store (only players the sanitizer allows). */
function videoEmbed(input: string, ownHost: string): { embed_html: string | null; url: string } {
  const text = input.trim();
  if (isHttpUrl(text)) {
    const embed = embedUrlFor(text);
    return { embed_html: embed ? playerHtml(embed, PLAYER_HEIGHT, ownHost) : null, url: text };
  }
  const src = text.match(/<(?:iframe|embed|script)\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/i)?.[1] ??
    text.match(/<object\b[^>]*\bdata\s*=\s*["']?([^"'\s>]+)/i)?.[1];
  if (!src) throw invalidField('post[one]', 'Invalid embed code');
  const html = playerHtml(src, PLAYER_HEIGHT, ownHost);
  if (!html.includes('<iframe')) throw invalidField('post[one]', 'This embed is not from a video service we can show.');
  return { embed_html: html, url: src };
}

export const video: PostTypeModule<'video'> = {
  type: 'video',
  build({ one, two, richText, raw }, { editorType, ownHost, uploads }) {
    const caption_html = fieldHtml(two, richText.two, editorType, ownHost);
    if (uploads.video) return { type: 'video', embed_html: null, ...uploads.video.fields, caption_html };
    // Spec 1 §5: nothing given is 'No video specified.'; an embed given empty, 'No embed specified.'.
    const given = [one, textField(raw, 'embed_code')].filter((field) => field !== '');
    const input = given.map((field) => field.trim()).find(Boolean);
    if (!input) throw invalidField('post[one]', given.length === 0 ? POST_MESSAGES.noVideo : POST_MESSAGES.noEmbed);
    return { type: 'video', ...videoEmbed(input, ownHost), caption_html };
  },
  summary: (content) => firstWords(() => htmlToPlainText(content.caption_html)),
  authored: (content) => [htmlToPlainText(content.caption_html)],
  picture: (content) => content.poster_url ?? null,
};
