// An answered ask ("note"): the question is the asker's words, the answer the blog's.
import { POST_MESSAGES } from '../../../shared/posts/messages';
import { invalidField } from '../../http/errors';
import { bodyHtml } from '../html';
import { firstWords, type PostTypeModule } from '../post-type';
import { htmlToPlainText } from '../sanitize';

export const note: PostTypeModule<'note'> = {
  type: 'note',
  build({ one, two }, { editorType, ownHost }) {
    if (!one.trim()) throw invalidField('post[one]', POST_MESSAGES.noQuestion);
    return { type: 'note', question: htmlToPlainText(one).slice(0, 2000), answer_html: bodyHtml(two, editorType, ownHost), asking_name: null };
  },
  summary: (content) => firstWords(content.question, () => htmlToPlainText(content.answer_html)),
  authored: (content) => [htmlToPlainText(content.answer_html)],
  picture: () => null,
};
