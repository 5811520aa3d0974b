// The post form's checks before saving (spec 1 §5): the first problem, in the spec's words.
import { POST_MESSAGES } from '../../shared/posts/messages';
import { isBlank, type ComposerState } from './composer';

/** Not a spec text: the spec has no message for a schedule without a date. */
export const SCHEDULE_MISSING = 'Choose a date and time to publish on.';

const WEB_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** An http or https address a person typed. */
export const isWebUrl = (value: string) => WEB_URL.test(value.trim());

function contentProblem(state: ComposerState): string | null {
  const { content, reblog, common } = state;
  if (reblog) {
    // A reblog carries its trail; only a text reblog stripped of it needs words of its own.
    return content.type === 'text' && common.removeReblogTree && isBlank(reblog.comment) ? POST_MESSAGES.textEmpty : null;
  }
  switch (content.type) {
    case 'text':
      return isBlank(content.title) && isBlank(content.body) ? POST_MESSAGES.textEmpty : null;
    case 'photo':
      return content.photos.length === 0 ? POST_MESSAGES.noPhotos : null;
    case 'quote':
      return isBlank(content.quote) ? POST_MESSAGES.noQuote : null;
    case 'link':
      if (isBlank(content.url)) return POST_MESSAGES.noUrl;
      return isWebUrl(content.url) ? null : POST_MESSAGES.invalidUrl;
    case 'chat':
      return isBlank(content.chat) ? POST_MESSAGES.noChat : null;
    case 'audio':
      return isBlank(content.url) ? POST_MESSAGES.noAudio : null;
    case 'video':
      return isBlank(content.embedCode) ? POST_MESSAGES.noVideo : null;
    case 'note':
      return isBlank(content.question) ? POST_MESSAGES.noQuestion : null;
  }
}

/** The first reason the form cannot be saved, or null. */
export function validate(state: ComposerState): string | null {
  const problem = contentProblem(state);
  if (problem) return problem;
  if (state.common.state === 'scheduled' && !state.common.publishOn) return SCHEDULE_MISSING;
  return null;
}
