import { POST_MESSAGES } from '../../../shared/posts/messages';
import { isHttpUrl } from '../../../shared/posts/urls';
import { invalidField } from '../../http/errors';
import { textField } from '../../http/fields';
import { fieldHtml } from '../html';
import { firstWords, type PostTypeModule } from '../post-type';
import { htmlToPlainText } from '../sanitize';

export const link: PostTypeModule<'link'> = {
  type: 'link',
  build({ one, two, three, raw }, { editorType, ownHost, linkThumbnail }) {
    const url = two.trim();
    if (!url) throw invalidField('post[two]', POST_MESSAGES.noUrl);
    if (!isHttpUrl(url)) throw invalidField('post[two]', POST_MESSAGES.invalidUrl);
    return {
      type: 'link',
      title: htmlToPlainText(one).slice(0, 1000),
      url,
      description_html: fieldHtml(three, true, editorType, ownHost),
      excerpt: htmlToPlainText(textField(raw, 'excerpt')).slice(0, 1000),
      author: htmlToPlainText(textField(raw, 'author')).slice(0, 200),
      thumbnail: linkThumbnail(raw),
    };
  },
  // The page's own words before its address.
  summary: (content) => firstWords(content.title, content.excerpt, content.url),
  authored: (content) => [content.title, htmlToPlainText(content.description_html)],
  picture: (content) => content.thumbnail,
};
