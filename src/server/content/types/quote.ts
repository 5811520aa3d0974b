import { POST_MESSAGES } from '../../../shared/posts/messages';
import { invalidField } from '../../http/errors';
import { fieldHtml } from '../html';
import { firstWords, type PostTypeModule } from '../post-type';
import { htmlToPlainText } from '../sanitize';

export const quote: PostTypeModule<'quote'> = {
  type: 'quote',
  build({ one, two, richText }, { editorType, ownHost }) {
    const quoteHtml = fieldHtml(one, richText.one, editorType, ownHost);
    if (!htmlToPlainText(quoteHtml)) throw invalidField('post[one]', POST_MESSAGES.noQuote);
    return { type: 'quote', quote_html: quoteHtml, source_html: fieldHtml(two, richText.two, editorType, ownHost) };
  },
  summary: (content) => firstWords(() => htmlToPlainText(content.quote_html)),
  authored: (content) => [htmlToPlainText(content.quote_html), htmlToPlainText(content.source_html)],
  picture: () => null,
};
