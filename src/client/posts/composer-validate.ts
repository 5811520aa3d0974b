// The post form's checks before saving (spec 1 §5): the first problem, in the spec's words.
import { POST_MESSAGES } from '../../shared/posts/messages';
import { isBlank, postablePhotos, type ComposerState } from './composer';
import { hasPendingImages } from './composer-uploads';

/** Not a spec text: the spec has no message for a schedule without a date. */
export const SCHEDULE_MISSING = 'Choose a date and time to publish on.';

/** Not a spec text: the spec has no message for a photo whose upload failed and is still listed. */
export const PHOTO_UPLOAD_FAILED = 'A photo did not upload. Retry it or remove it.';
/** Not a spec text: a refused file stays in the list, saying why, until the person removes it. */
export const PHOTO_REFUSED = 'A photo could not be added. Remove it to post the others.';

/** Issue 24.4 (not spec texts): the reminder before a photo goes out without alt text. */
export const ALT_REMINDER = {
  message: 'A photo in this post has no alt text. Alt text tells people who cannot see the photo what it shows.',
  postAnyway: 'Post anyway',
  addAltText: 'Add alt text',
} as const;

/**
 * The photos a save would send without alt text, in the form's order: what the reminder is
 * about. A reblog's photos are its parent's, not the reblogger's to describe.
 */
export function photosWithoutAlt(state: ComposerState): string[] {
  if (state.reblog || state.content.type !== 'photo') return [];
  return postablePhotos(state.content.photos)
    .filter((photo) => !photo.alt.trim())
    .map((photo) => photo.id);
}

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
      if (content.photos.length === 0) return POST_MESSAGES.noPhotos;
      if (content.photos.some((photo) => photo.upload?.status === 'pending' || photo.clipPending)) return POST_MESSAGES.uploadsInProgress;
      if (content.photos.some((photo) => photo.upload?.status === 'failed')) return PHOTO_UPLOAD_FAILED;
      return content.photos.some((photo) => photo.upload) ? PHOTO_REFUSED : null;
    case 'quote':
      return isBlank(content.quote) ? POST_MESSAGES.noQuote : null;
    case 'link':
      if (content.loadingPreview) return POST_MESSAGES.loadingOpenGraph;
      if (isBlank(content.url)) return POST_MESSAGES.noUrl;
      return isWebUrl(content.url) ? null : POST_MESSAGES.invalidUrl;
    case 'chat':
      return isBlank(content.chat) ? POST_MESSAGES.noChat : null;
    case 'audio':
      if (content.upload?.status === 'pending') return POST_MESSAGES.uploadsInProgress;
      if (!content.preuploadUrl) return isBlank(content.url) ? POST_MESSAGES.noAudio : null;
      return content.confirmTos ? null : POST_MESSAGES.needPermission;
    case 'video':
      if (content.upload?.status === 'pending') return POST_MESSAGES.uploadsInProgress;
      // Spec 1 §5: nothing typed is 'No video specified.'; an embed typed but blank, 'No embed specified.'.
      if (!content.preuploadUrl) return content.embedCode === '' ? POST_MESSAGES.noVideo : isBlank(content.embedCode) ? POST_MESSAGES.noEmbed : null;
      return content.confirmTos ? null : POST_MESSAGES.needPermission;
    case 'note':
      return isBlank(content.question) ? POST_MESSAGES.noQuestion : null;
  }
}

/** The first reason the form cannot be saved, or null. */
export function validate(state: ComposerState): string | null {
  const problem = contentProblem(state);
  if (problem) return problem;
  if (hasPendingImages(state)) return POST_MESSAGES.pendingImages;
  if (state.common.state === 'scheduled' && !state.common.publishOn) return SCHEDULE_MISSING;
  return null;
}
