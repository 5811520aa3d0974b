// The composer's side of uploads: a file's upload ends while its draft is showing or waiting in
// the stash (the person switched type meanwhile), so each change applies to both.
import type { UploadedMedia } from '../uploads/upload-types';
import type { ComposerState, ContentDraft, PhotoItem, UploadMark } from './composer';

export type UploadAction =
  | { type: 'uploadDone'; uploadId: string; media: UploadedMedia }
  /** `retryable`: the send failed and may pass on another try; otherwise the file was refused. */
  | { type: 'uploadFailed'; uploadId: string; retryable: boolean }
  | { type: 'uploadRetried'; uploadId: string }
  /**
   * An inline image's placeholder (an object URL) becomes the uploaded `to`, or goes (null). The
   * editor showing it changes itself; this reaches a body held while its editor is not mounted.
   */
  | { type: 'replaceInlineImage'; from: string; to: string | null };

/** The server's video conversion states that mean "not ready yet". */
const PROCESSING_STATES = new Set(['processing', 'queued', 'running']);
export const isProcessing = (media: UploadedMedia) => PROCESSING_STATES.has(String(media.state ?? ''));

/** The mark of an upload that failed (may be retried, or was refused) or was sent again. */
const markAfter = (action: Extract<UploadAction, { type: 'uploadFailed' | 'uploadRetried' }>): UploadMark => ({
  id: action.uploadId,
  status: action.type === 'uploadRetried' ? 'pending' : action.retryable ? 'failed' : 'refused',
});

function photoSettled(photo: PhotoItem, action: UploadAction): PhotoItem {
  if (action.type === 'replaceInlineImage' || photo.upload?.id !== action.uploadId) return photo;
  if (action.type === 'uploadDone') {
    const { upload: _upload, preview: _preview, ...rest } = photo;
    return { ...rest, url: action.media.url };
  }
  return { ...photo, upload: markAfter(action) };
}

/** Fills a tag only where the person left it empty: what they typed while it uploaded stays. */
const fill = (current: string, found: string | null | undefined) => current || (found ?? '').trim();

function draftSettled(draft: ContentDraft, action: Exclude<UploadAction, { type: 'replaceInlineImage' }>): ContentDraft {
  if (draft.type === 'photo') {
    const photos = draft.photos.map((photo) => photoSettled(photo, action));
    return photos.some((photo, i) => photo !== draft.photos[i]) ? { ...draft, photos } : draft;
  }
  if ((draft.type !== 'audio' && draft.type !== 'video') || draft.upload?.id !== action.uploadId) return draft;
  if (action.type !== 'uploadDone') return { ...draft, upload: markAfter(action) };
  const { media } = action;
  if (draft.type === 'video') return { ...draft, upload: null, preuploadUrl: media.url, processing: isProcessing(media) };
  return {
    ...draft,
    upload: null,
    preuploadUrl: media.url,
    albumArt: media.album_art_url ?? '',
    trackTitle: fill(draft.trackTitle, media.track_title),
    trackArtist: fill(draft.trackArtist, media.track_artist),
    trackAlbum: fill(draft.trackAlbum, media.track_album),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function replaceImage(html: string, from: string, to: string | null): string {
  if (!html.includes(from)) return html;
  const src = `src="${from}"`;
  if (to !== null) return html.split(src).join(`src="${to}"`);
  const source = escapeRegExp(src);
  return html.replace(new RegExp(`<figure[^>]*>\\s*<img[^>]*${source}[^>]*>\\s*</figure>|<img[^>]*${source}[^>]*>`, 'g'), '');
}

function draftImagesReplaced(draft: ContentDraft, from: string, to: string | null): ContentDraft {
  let changed = false;
  const next: Record<string, unknown> = { ...draft };
  for (const [key, value] of Object.entries(draft)) {
    if (typeof value !== 'string') continue;
    const replaced = replaceImage(value, from, to);
    if (replaced !== value) {
      next[key] = replaced;
      changed = true;
    }
  }
  return changed ? (next as unknown as ContentDraft) : draft;
}

export function uploadReducer(state: ComposerState, action: UploadAction): ComposerState {
  const apply =
    action.type === 'replaceInlineImage'
      ? (draft: ContentDraft) => draftImagesReplaced(draft, action.from, action.to)
      : (draft: ContentDraft) => draftSettled(draft, action);
  const stash: ComposerState['stash'] = {};
  for (const [type, draft] of Object.entries(state.stash)) stash[type as ContentDraft['type']] = apply(draft);
  const reblog =
    state.reblog && action.type === 'replaceInlineImage'
      ? { ...state.reblog, comment: replaceImage(state.reblog.comment, action.from, action.to) }
      : state.reblog;
  return { ...state, content: apply(state.content), stash, reblog };
}

/** Inline images still uploading: their placeholder is an object URL (blob:), never a saved address. */
const PENDING_IMAGE = /<img\b[^>]*\bsrc="blob:/i;

export function hasPendingImages(state: ComposerState): boolean {
  const texts = Object.values(state.content).filter((value): value is string => typeof value === 'string');
  if (state.reblog) texts.push(state.reblog.comment);
  return texts.some((text) => PENDING_IMAGE.test(text));
}
