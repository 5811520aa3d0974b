import { POST_MESSAGES } from '../../../shared/posts/messages';
import { invalidField } from '../../http/errors';
import { bodyHtml } from '../html';
import { firstWords, type PostTypeModule } from '../post-type';
import { htmlToPlainText } from '../sanitize';

// Stored HTML comes out of sanitize-html, which always writes attributes in double quotes.
const FIRST_IMAGE = /<img\b[^>]*\ssrc="([^"]+)"/i;

export const text: PostTypeModule<'text'> = {
  type: 'text',
  build({ one, two }, { editorType, ownHost }) {
    const body = bodyHtml(two, editorType, ownHost);
    // Empty is judged on what is left after sanitizing: markup that was all script is no body.
    if (!one.trim() && !htmlToPlainText(body) && !/<(img|iframe|hr)\b/i.test(body)) {
      throw invalidField('post[two]', POST_MESSAGES.textEmpty);
    }
    return { type: 'text', title: htmlToPlainText(one).slice(0, 1000), body_html: body };
  },
  summary: (content) => firstWords(content.title, () => htmlToPlainText(content.body_html)),
  authored: (content) => [content.title, htmlToPlainText(content.body_html)],
  picture: (content) => FIRST_IMAGE.exec(content.body_html)?.[1]?.replace(/&amp;/g, '&') ?? null,
};
