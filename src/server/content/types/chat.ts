import { POST_MESSAGES } from '../../../shared/posts/messages';
import type { ChatLine } from '../../../shared/posts/types';
import { invalidField } from '../../http/errors';
import { firstWords, type PostTypeModule } from '../post-type';
import { htmlToPlainText } from '../sanitize';

/** "Name: words" lines; a line without a name is a phrase alone. */
export function parseChat(text: string): ChatLine[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = line.match(/^([^:]{1,60}):\s*(.*)$/);
      return match
        ? { name: match[1]!.trim(), label: `${match[1]!.trim()}:`, phrase: match[2]! }
        : { name: '', label: '', phrase: line };
    });
}

const lineText = (line: ChatLine) => `${line.label} ${line.phrase}`.trim();

export const chat: PostTypeModule<'chat'> = {
  type: 'chat',
  build({ one, two }) {
    const lines = parseChat(two);
    if (lines.length === 0) throw invalidField('post[two]', POST_MESSAGES.noChat);
    return { type: 'chat', title: htmlToPlainText(one).slice(0, 1000), lines };
  },
  summary: (content) => firstWords(content.title, () => content.lines.map(lineText).join(' ')),
  authored: (content) => [content.title, ...content.lines.map(lineText)],
  picture: () => null,
};
