// The post form's state: a pure reducer over a discriminated union of the post types, so that
// every rule (type switching, tags, photos, the dirty check) is tested without a DOM.
import type { EditorType, PostType } from '../../shared/constants';
import { PHOTO_MAX } from '../../shared/posts/messages';
import type { AnyPostType, PostView } from '../../shared/posts/types';
import { uploadReducer, type UploadAction } from './composer-uploads';

export type ComposerMode = 'new' | 'edit' | 'reblog';

/** The choices of the submit button's menu (spec 1 §4 states a person can pick). */
export const SUBMIT_STATES = ['published', 'queued', 'draft', 'private', 'scheduled'] as const;
export type SubmitState = (typeof SUBMIT_STATES)[number];

export interface PhotoItem {
  /** o1, o2, ...: the key of images[..] and caption[..] in the save payload. */
  id: string;
  /** '' while its file uploads. */
  url: string;
  caption: string;
  /** Issue 24.4: what the photo shows, for who cannot see it (alt[oN]). */
  alt: string;
  /** A live photo's clip as the post was saved with it (livephoto[oN]): an edit sends it back. */
  livephoto?: string;
  /** Issue 26.3: a live photo clip picked in the form is on its way (the save waits for it). */
  clipPending?: boolean;
  /** A photo added as a file: its upload, until the uploaded url is in `url`. */
  upload?: UploadMark;
  /** The file shown from memory (an object URL) while it uploads. */
  preview?: string;
}

/**
 * A file the draft waits for: its item in the form's upload collections, and how it goes. A failed
 * send may be retried; a refused file (too big, not an image, turned down by the server) never
 * uploads, and only waits for the person to remove it.
 */
export interface UploadMark {
  id: string;
  status: 'pending' | 'failed' | 'refused';
}

/** Photos that are or can still become part of the post: what counts toward the ten. */
export const postablePhotos = (photos: PhotoItem[]) => photos.filter((photo) => photo.upload?.status !== 'refused');

export interface TextDraft { type: 'text'; title: string; body: string }
export interface PhotoDraft {
  type: 'photo';
  photos: PhotoItem[];
  caption: string;
  linkthrough: string;
  layout: string;
  /** Spec 1 §3 carouselDisplay / carouselLinkUrl: shown as a carousel, optionally linked. */
  carousel: boolean;
  carouselLinkUrl: string;
}
export interface QuoteDraft { type: 'quote'; quote: string; source: string }
export interface LinkDraft {
  type: 'link'; url: string; title: string; description: string; excerpt: string; author: string;
  /** The preview image kept (an http(s) address); filled in by the link preview. */
  thumbnail?: string;
  /** The person removed the thumbnail: the save says remove_thumbnail. */
  removeThumbnail?: boolean;
  /** A link preview is on its way: saving waits for it (spec 1 §5 'Loading OpenGraph data.'). */
  loadingPreview?: boolean;
}
export interface ChatDraft { type: 'chat'; title: string; chat: string }
export interface AudioDraft {
  type: 'audio'; url: string; caption: string; trackTitle: string; trackArtist: string; trackAlbum: string;
  /** An uploaded file (its /media/... url) instead of `url`; the person must confirm the right to share it. */
  preuploadUrl: string; albumArt: string; confirmTos: boolean; upload: UploadMark | null; fileName: string;
}
export interface VideoDraft {
  type: 'video'; embedCode: string; caption: string;
  /** An uploaded file instead of the embed code; `processing` while the server still converts it. */
  preuploadUrl: string; confirmTos: boolean; upload: UploadMark | null; processing: boolean; fileName: string;
}
export interface NoteDraft {
  type: 'note'; question: string; answer: string;
  /** Who asked, as the post says (null: anonymous); shown above the answer, never sent. */
  asker?: string | null;
}

export type ContentDraft = TextDraft | PhotoDraft | QuoteDraft | LinkDraft | ChatDraft | AudioDraft | VideoDraft | NoteDraft;
export type DraftOf<T extends AnyPostType> = Extract<ContentDraft, { type: T }>;
export type DraftPatch<T extends AnyPostType> = Partial<Omit<DraftOf<T>, 'type'>>;

export interface CommonFields {
  tags: string[];
  /** The custom URL slug. */
  customUrl: string;
  /** Backdating, as a datetime-local value ('' = now). */
  postDate: string;
  sourceUrl: string;
  editorType: EditorType;
  state: SubmitState;
  /** When a scheduled post goes out, as a datetime-local value. */
  publishOn: string;
  allowAnswers: boolean;
  /** Issue 26.3: replies may carry a photo; members only; the author's own NSFW flag. */
  allowPhotoReplies: boolean;
  membersOnly: boolean;
  ownerFlaggedNsfw: boolean;
  canBeLiked: boolean;
  canBeReblogged: boolean;
  removeReblogTree: boolean;
  /** Spec 1 §3 enableCTA, ctaTextCode (shared/posts/cta.ts), ctaLinkUrl, ctaAndroidLinkUrl. */
  enableCta: boolean;
  ctaTextCode: number;
  ctaLinkUrl: string;
  ctaAndroidLinkUrl: string;
}

/** A reblog being made, or a reblog being edited: the post it shows and the comment added to it. */
export interface ReblogDraft {
  /** The post reblogged (reblog mode) or the reblog itself (edit mode): its media and trail are shown. */
  post: PostView;
  postId: string;
  key: string;
  comment: string;
}

export interface ComposerState {
  mode: ComposerMode;
  content: ContentDraft;
  /** What was typed in other types before a type switch, so switching back restores it. */
  stash: Partial<Record<AnyPostType, ContentDraft>>;
  common: CommonFields;
  reblog: ReblogDraft | null;
  /** The post being edited. */
  postId: string | null;
  blogName: string;
  /** The post's date as loaded: post[date] is sent only when the person changed it. */
  initialPostDate: string;
  /** Snapshot of what the form held when it opened, for the dirty check. */
  initial: string;
  /** An item of the blog's inbox being edited: posting it answers the ask or publishes the submission. */
  fromInbox?: 'ask' | 'submission';
}

export type ComposerAction =
  | { type: 'setType'; postType: PostType }
  | { [K in AnyPostType]: { type: 'update'; postType: K; patch: DraftPatch<K> } }[AnyPostType]
  | { type: 'addPhoto'; url: string }
  /** Photos added as files, in the order picked; each is its upload's id and a preview to show. */
  | { type: 'addPhotoUploads'; uploads: { uploadId: string; preview: string; failed: boolean }[] }
  | { type: 'movePhotoTo'; id: string; index: number }
  | UploadAction
  | { type: 'removePhoto'; id: string }
  | { type: 'movePhoto'; id: string; by: -1 | 1 }
  | { type: 'setPhotoCaption'; id: string; caption: string }
  | { type: 'setPhotoAlt'; id: string; alt: string }
  /** A live photo's clip: its uploaded address, pending while it uploads, or removed (both absent). */
  | { type: 'setPhotoClip'; id: string; livephoto?: string; pending?: boolean }
  | { type: 'addTags'; text: string }
  | { type: 'removeTag'; tag: string }
  | { type: 'removeLastTag' }
  | { type: 'setOptions'; patch: Partial<Omit<CommonFields, 'tags' | 'editorType' | 'state'>> }
  | { type: 'setSubmitState'; state: SubmitState }
  /** Converts every field written in the editor's format (see BODY_FIELD) with `convert`. */
  | { type: 'setEditorType'; editorType: EditorType; convert: (value: string) => string }
  | { type: 'setComment'; comment: string }
  | { type: 'setBlog'; blogName: string };

export function emptyDraft(type: AnyPostType): ContentDraft {
  switch (type) {
    case 'text': return { type, title: '', body: '' };
    case 'photo': return { type, photos: [], caption: '', linkthrough: '', layout: '', carousel: false, carouselLinkUrl: '' };
    case 'quote': return { type, quote: '', source: '' };
    case 'link': return { type, url: '', title: '', description: '', excerpt: '', author: '' };
    case 'chat': return { type, title: '', chat: '' };
    case 'audio':
      return { type, url: '', caption: '', trackTitle: '', trackArtist: '', trackAlbum: '', preuploadUrl: '', albumArt: '', confirmTos: false, upload: null, fileName: '' };
    case 'video': return { type, embedCode: '', caption: '', preuploadUrl: '', confirmTos: false, upload: null, processing: false, fileName: '' };
    case 'note': return { type, question: '', answer: '' };
  }
}

/** The single-line heading of a type; it follows a type switch. */
const TITLE_FIELD: Partial<Record<AnyPostType, string>> = { text: 'title', link: 'title', chat: 'title' };
/** The field written with the body editor (rich, html or markdown); it follows a type switch. */
export const BODY_FIELD: Record<AnyPostType, string> = {
  text: 'body', photo: 'caption', quote: 'quote', link: 'description', chat: '', audio: 'caption', video: 'caption', note: 'answer',
};

const read = (draft: ContentDraft, field: string | undefined) =>
  field ? ((draft as unknown as Record<string, unknown>)[field] as string | undefined) : undefined;

/** Switches type: shared fields (heading, body) come along; type-specific ones wait in the stash. */
function switchType(state: ComposerState, to: PostType): ComposerState {
  const from = state.content;
  if (state.mode !== 'new' || from.type === to) return state;
  const next: Record<string, unknown> = { ...(state.stash[to] ?? emptyDraft(to)) };
  const title = read(from, TITLE_FIELD[from.type]);
  if (title !== undefined && TITLE_FIELD[to]) next[TITLE_FIELD[to]!] = title;
  const body = read(from, BODY_FIELD[from.type]);
  if (body !== undefined && BODY_FIELD[to]) next[BODY_FIELD[to]] = body;
  return { ...state, content: next as unknown as ContentDraft, stash: { ...state.stash, [from.type]: from } };
}

/** Tags as typed: split on commas, trimmed, without a leading '#', no repeats (any case). */
export function parseTags(text: string): string[] {
  return text.split(',').map((t) => t.trim().replace(/^#+/, '').trim()).filter(Boolean);
}

function addTags(tags: string[], text: string): string[] {
  const result = [...tags];
  for (const tag of parseTags(text)) {
    if (!result.some((t) => t.toLowerCase() === tag.toLowerCase())) result.push(tag);
  }
  return result;
}

function nextPhotoId(photos: PhotoItem[]): string {
  const max = photos.reduce((m, p) => Math.max(m, Number(p.id.slice(1)) || 0), 0);
  return `o${max + 1}`;
}

function updatePhotos(state: ComposerState, change: (photos: PhotoItem[]) => PhotoItem[]): ComposerState {
  if (state.content.type !== 'photo') return state;
  return { ...state, content: { ...state.content, photos: change(state.content.photos) } };
}

function convertBodies(draft: ContentDraft, convert: (value: string) => string): ContentDraft {
  const field = BODY_FIELD[draft.type];
  if (!field) return draft;
  return { ...draft, [field]: convert(read(draft, field) ?? '') } as ContentDraft;
}

export function composerReducer(state: ComposerState, action: ComposerAction): ComposerState {
  switch (action.type) {
    case 'setType':
      return switchType(state, action.postType);
    case 'update':
      if (action.postType !== state.content.type) return state;
      return { ...state, content: { ...state.content, ...action.patch } as ContentDraft };
    case 'addPhoto': {
      const url = action.url.trim();
      if (!url) return state;
      return updatePhotos(state, (photos) =>
        postablePhotos(photos).length >= PHOTO_MAX ? photos : [...photos, { id: nextPhotoId(photos), url, caption: '', alt: '' }],
      );
    }
    case 'addPhotoUploads':
      return updatePhotos(state, (photos) => {
        const added = [...photos];
        let room = PHOTO_MAX - postablePhotos(photos).length;
        for (const { uploadId, preview, failed } of action.uploads) {
          // A file refused at once takes no room, and is shown with the reason until removed.
          if (!failed && room <= 0) continue;
          if (!failed) room -= 1;
          added.push({ id: nextPhotoId(added), url: '', caption: '', alt: '', upload: { id: uploadId, status: failed ? 'refused' : 'pending' }, preview });
        }
        return added;
      });
    case 'movePhotoTo':
      return updatePhotos(state, (photos) => {
        const moving = photos.find((p) => p.id === action.id);
        if (!moving || action.index < 0 || action.index >= photos.length) return photos;
        const rest = photos.filter((p) => p !== moving);
        return [...rest.slice(0, action.index), moving, ...rest.slice(action.index)];
      });
    case 'uploadDone':
    case 'uploadFailed':
    case 'uploadRetried':
    case 'replaceInlineImage':
      return uploadReducer(state, action);
    case 'removePhoto':
      return updatePhotos(state, (photos) => photos.filter((p) => p.id !== action.id));
    case 'movePhoto':
      return updatePhotos(state, (photos) => {
        const from = photos.findIndex((p) => p.id === action.id);
        const to = from + action.by;
        if (from < 0 || to < 0 || to >= photos.length) return photos;
        const moved = [...photos];
        [moved[from], moved[to]] = [moved[to]!, moved[from]!];
        return moved;
      });
    case 'setPhotoCaption':
      return updatePhotos(state, (photos) => photos.map((p) => (p.id === action.id ? { ...p, caption: action.caption } : p)));
    case 'setPhotoAlt':
      return updatePhotos(state, (photos) => photos.map((p) => (p.id === action.id ? { ...p, alt: action.alt } : p)));
    case 'setPhotoClip':
      return updatePhotos(state, (photos) =>
        photos.map((p) => {
          if (p.id !== action.id) return p;
          const { livephoto: _clip, clipPending: _pending, ...rest } = p;
          return { ...rest, ...(action.livephoto ? { livephoto: action.livephoto } : {}), ...(action.pending ? { clipPending: true } : {}) };
        }),
      );
    case 'addTags':
      return { ...state, common: { ...state.common, tags: addTags(state.common.tags, action.text) } };
    case 'removeTag':
      return { ...state, common: { ...state.common, tags: state.common.tags.filter((t) => t !== action.tag) } };
    case 'removeLastTag':
      return { ...state, common: { ...state.common, tags: state.common.tags.slice(0, -1) } };
    case 'setOptions':
      return { ...state, common: { ...state.common, ...action.patch } };
    case 'setSubmitState':
      return { ...state, common: { ...state.common, state: action.state } };
    case 'setEditorType': {
      if (action.editorType === state.common.editorType) return state;
      const stash: ComposerState['stash'] = {};
      for (const [type, draft] of Object.entries(state.stash)) stash[type as AnyPostType] = convertBodies(draft, action.convert);
      return {
        ...state,
        content: convertBodies(state.content, action.convert),
        stash,
        reblog: state.reblog && { ...state.reblog, comment: action.convert(state.reblog.comment) },
        common: { ...state.common, editorType: action.editorType },
      };
    }
    case 'setComment':
      return state.reblog ? { ...state, reblog: { ...state.reblog, comment: action.comment } } : state;
    case 'setBlog':
      return state.mode === 'edit' ? state : { ...state, blogName: action.blogName };
  }
}

const ZERO_WIDTH = /[\u200b-\u200d\ufeff]/g;

/**
 * Empty to a person: nothing but whitespace, empty tags and placeholders. Media (img, iframe, hr)
 * counts as content.
 */
export function isBlank(value: string): boolean {
  if (/<(img|iframe|hr)\b/i.test(value)) return false;
  return value.replace(/<[^>]*>/g, '').replace(/&nbsp;/gi, ' ').replace(ZERO_WIDTH, '').trim() === '';
}

function isDraftBlank(draft: ContentDraft): boolean {
  return Object.entries(draft).every(([key, value]) =>
    key === 'type' || (Array.isArray(value) ? value.length === 0 : typeof value !== 'string' || isBlank(value)),
  );
}

/** What the dirty check compares: the editor type and the target blog are not edits of the post. */
export function snapshot(state: ComposerState): string {
  // JSON leaves out undefined: the editor type does not count.
  const common = { ...state.common, editorType: undefined };
  return JSON.stringify({
    // An untouched form is clean whichever type tab is showing.
    content: isDraftBlank(state.content) ? null : state.content,
    common,
    comment: state.reblog ? state.reblog.comment.replace(ZERO_WIDTH, '') : null,
  });
}

export const isDirty = (state: ComposerState) => snapshot(state) !== state.initial;

/** Freezes the current state as the form's starting point. */
export function withInitial(state: Omit<ComposerState, 'initial'> & { initial?: string }): ComposerState {
  const full = { ...state, initial: '' };
  return { ...full, initial: snapshot(full) };
}

export function defaultCommon(editorType: EditorType): CommonFields {
  return {
    tags: [], customUrl: '', postDate: '', sourceUrl: '', editorType, state: 'published', publishOn: '',
    allowAnswers: false, allowPhotoReplies: false, membersOnly: false, ownerFlaggedNsfw: false, canBeLiked: true, canBeReblogged: true, removeReblogTree: false,
    enableCta: false, ctaTextCode: 0, ctaLinkUrl: '', ctaAndroidLinkUrl: '',
  };
}

/** A new post of a type, for a blog, with the person's default editor. */
export function createComposer(options: { type: PostType; blogName: string; editorType: EditorType }): ComposerState {
  return withInitial({
    mode: 'new',
    content: emptyDraft(options.type),
    stash: {},
    common: defaultCommon(options.editorType),
    reblog: null,
    postId: null,
    blogName: options.blogName,
    initialPostDate: '',
  });
}
