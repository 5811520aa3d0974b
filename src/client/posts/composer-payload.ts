// The composer's edges: the flat save payload of POST /svc/post/update, and the form state
// rebuilt from what POST /svc/post/fetch answers (edit and reblog).
import { EDITOR_TYPES, type EditorType } from '../../shared/constants';
import { PHOTO_CAPTION_MAX } from '../../shared/posts/messages';
import { STATE_CODES } from '../../shared/posts/states';
import type { PostFormSource, PostView } from '../../shared/posts/types';
import type { SavePayload } from '../api/post-form';
import { contentStatsOf } from './composer-stats';
import { layoutFits } from './fields/photo-layout';
import {
  defaultCommon,
  emptyDraft,
  withInitial,
  type AudioDraft,
  type ComposerState,
  type ContentDraft,
  type PhotoItem,
  type SubmitState,
  type VideoDraft,
} from './composer';

export type ContextPage = 'dashboard' | 'drafts' | 'queue' | 'inbox';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local input value, in the person's time zone ('' if unreadable). */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input value (the person's time zone) as an ISO instant ('' if unreadable). */
export function localInputToIso(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** post[one], post[two], post[three] by type (the server's mapping). */
function fieldsOf(content: ContentDraft): [string, string, string] {
  switch (content.type) {
    case 'text': return [content.title, content.body, ''];
    case 'photo': return ['', content.caption, content.linkthrough];
    case 'quote': return [content.quote, content.source, ''];
    case 'link': return [content.title, content.url, content.description];
    case 'chat': return [content.title, content.chat, ''];
    // An uploaded file goes as preuploaded_url (typeExtras), not as the address field.
    case 'audio': return [content.preuploadUrl ? '' : content.url, content.caption, ''];
    case 'video': return [content.preuploadUrl ? '' : content.embedCode, content.caption, ''];
    case 'note': return [content.question, content.answer, ''];
  }
}

/** Which of post[one|two|three] holds the body editor's field, for is_rich_text[..]. */
const BODY_SLOT: Record<ContentDraft['type'], 'one' | 'two' | 'three' | null> = {
  text: 'two', photo: 'two', quote: 'one', link: 'three', chat: null, audio: 'two', video: 'two', note: 'two',
};


function typeExtras(content: ContentDraft): SavePayload {
  switch (content.type) {
    case 'photo': {
      const extras: SavePayload = {};
      // A photo whose file has not uploaded has no address to send (validate stops the save first).
      const photos = content.photos.filter((photo) => !photo.upload);
      for (const photo of photos) {
        extras[`images[${photo.id}]`] = photo.url;
        extras[`caption[${photo.id}]`] = photo.caption.slice(0, PHOTO_CAPTION_MAX);
        if (photo.alt.trim()) extras[`alt[${photo.id}]`] = photo.alt;
        if (photo.livephoto) extras[`livephoto[${photo.id}]`] = photo.livephoto;
      }
      // A layout that no longer fits the photos (some were added or removed) is left to the server's default.
      extras['post[photoset_layout]'] = layoutFits(content.layout, photos.length) ? content.layout : '';
      extras['post[photoset_order]'] = photos.map((p) => p.id).join(',');
      // Always sent: an edit without them would turn the carousel off.
      extras.carousel_display = content.carousel;
      extras.carousel_link_url = content.carousel ? content.carouselLinkUrl.trim() : '';
      return extras;
    }
    case 'link':
      return {
        excerpt: content.excerpt,
        author: content.author,
        ...(content.removeThumbnail ? { remove_thumbnail: '1' } : content.thumbnail ? { thumbnail: content.thumbnail } : {}),
      };
    case 'audio': {
      const tags = { 'id3_tags[title]': content.trackTitle, 'id3_tags[artist]': content.trackArtist, 'id3_tags[album]': content.trackAlbum };
      if (!content.preuploadUrl) return tags;
      return { ...tags, preuploaded_url: content.preuploadUrl, confirm_tos: content.confirmTos ? '1' : '0', album_art: content.albumArt };
    }
    case 'video':
      if (!content.preuploadUrl) return { embed_code: content.embedCode };
      return { embed_code: '', preuploaded_url: content.preuploadUrl, confirm_tos: content.confirmTos ? '1' : '0' };
    default:
      return {};
  }
}

/** The flat body of POST /svc/post/update, keys exactly as the server reads them. */
export function toPayload(state: ComposerState, blogName: string, contextPage: ContextPage = 'dashboard'): SavePayload {
  const { content, common, reblog } = state;
  const [one, two, three] = fieldsOf(content);
  // is_rich_text: the field was written with the body editor, in editor_type's format (else plain text).
  const bodySlot = reblog ? 'two' : BODY_SLOT[content.type];
  const payload: SavePayload = {
    channel_id: blogName,
    'post[type]': content.type,
    'post[one]': reblog ? '' : one,
    // A reblog's own words are its comment, whatever the type.
    'post[two]': reblog ? reblog.comment : two,
    'post[three]': reblog ? '' : three,
    'post[state]': STATE_CODES[common.state],
    'post[tags]': common.tags.join(','),
    'post[slug]': common.customUrl.trim(),
    'post[source_url]': common.sourceUrl.trim(),
    editor_type: common.editorType,
    'is_rich_text[one]': bodySlot === 'one' ? '1' : '0',
    'is_rich_text[two]': bodySlot === 'two' ? '1' : '0',
    'is_rich_text[three]': bodySlot === 'three' ? '1' : '0',
    allow_answers: common.allowAnswers,
    allow_photo_replies: common.allowPhotoReplies,
    members_only: common.membersOnly,
    owner_flagged_nsfw: common.ownerFlaggedNsfw,
    content_stats: JSON.stringify(contentStatsOf(reblog ? null : content, reblog?.comment ?? '')),
    can_be_liked: common.canBeLiked,
    can_be_reblogged: common.canBeReblogged,
    // Always sent: an edit without them would turn the button off.
    enable_cta: common.enableCta,
    cta_text_code: String(common.ctaTextCode),
    cta_link_url: common.ctaLinkUrl.trim(),
    cta_android_link_url: common.ctaAndroidLinkUrl.trim(),
    context_page: contextPage,
    ...(reblog ? {} : typeExtras(content)),
  };
  if (common.postDate && common.postDate !== state.initialPostDate) payload['post[date]'] = localInputToIso(common.postDate);
  if (common.state === 'scheduled') payload['post[publish_on]'] = localInputToIso(common.publishOn);
  if (state.mode === 'edit' && state.postId) payload.post_id = state.postId;
  if (state.mode === 'reblog' && reblog) {
    payload.reblog_key = reblog.key;
    payload.reblog_post_id = reblog.postId;
  }
  if (reblog && common.removeReblogTree) payload.remove_reblog_tree = '1';
  return payload;
}

function photosFrom(extra: Record<string, string>): PhotoItem[] {
  const ids = Object.keys(extra)
    .map((key) => /^images\[(o\d+)\]$/.exec(key)?.[1])
    .filter((id): id is string => Boolean(id))
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  const order = (extra['post[photoset_order]'] ?? extra.photoset_order ?? '').split(',').filter((id) => ids.includes(id));
  const ordered = [...order, ...ids.filter((id) => !order.includes(id))];
  return ordered.map((id) => {
    const livephoto = extra[`livephoto[${id}]`];
    return { id, url: extra[`images[${id}]`] ?? '', caption: extra[`caption[${id}]`] ?? '', alt: extra[`alt[${id}]`] ?? '', ...(livephoto ? { livephoto } : {}) };
  });
}

/**
 * An uploaded file comes back as `preuploaded_url`: the edit keeps it, sends it again, and the
 * person already confirmed the right to share it when they first saved.
 */
const uploadedFile = (extra: Record<string, string>) => {
  const preuploadUrl = (extra.preuploaded_url ?? '').trim();
  return { preuploadUrl, confirmTos: preuploadUrl !== '' };
};

function audioDraftFrom(post: PostView, { one, two, extra }: PostFormSource): AudioDraft {
  // The post shows the tags and art it was saved with (typed, else the file's): the form starts from those.
  const shown = post.content.type === 'audio' ? post.content : null;
  const file = uploadedFile(extra);
  return {
    ...(emptyDraft('audio') as AudioDraft), url: file.preuploadUrl ? '' : one, caption: two, ...file,
    albumArt: file.preuploadUrl ? (shown?.album_art ?? extra.album_art ?? '') : '',
    trackTitle: extra['id3_tags[title]'] || shown?.track_title || '',
    trackArtist: extra['id3_tags[artist]'] || shown?.track_artist || '',
    trackAlbum: extra['id3_tags[album]'] || shown?.track_album || '',
  };
}

function videoDraftFrom(post: PostView, { one, two, extra }: PostFormSource): VideoDraft {
  const file = uploadedFile(extra);
  if (!file.preuploadUrl) return { ...(emptyDraft('video') as VideoDraft), embedCode: one || (extra.embed_code ?? ''), caption: two };
  // A post still waiting for its conversion says so; the form follows the video until it is ready.
  return { ...(emptyDraft('video') as VideoDraft), caption: two, ...file, processing: post.state_name === 'transcoding' };
}

function draftFrom(post: PostView, source: PostFormSource): ContentDraft {
  const { one, two, three, extra } = source;
  const type = post.type;
  switch (type) {
    case 'text': return { type, title: one, body: two };
    case 'photo':
      return {
        type, photos: photosFrom(extra), caption: two, linkthrough: three, layout: extra['post[photoset_layout]'] ?? extra.photoset_layout ?? '',
        carousel: post.carousel_display, carouselLinkUrl: post.carousel_link_url ?? '',
      };
    case 'quote': return { type, quote: one, source: two };
    case 'link':
      return {
        type, title: one, url: two, description: three, excerpt: extra.excerpt ?? '', author: extra.author ?? '',
        ...(extra.thumbnail ? { thumbnail: extra.thumbnail } : {}),
      };
    case 'chat': return { type, title: one, chat: two };
    case 'audio': return audioDraftFrom(post, source);
    case 'video': return videoDraftFrom(post, source);
    case 'note': return { type, question: one, answer: two };
  }
}

/** A stored state as a menu choice; states a person cannot pick (unapproved, transcoding) save as published. */
function submitStateOf(post: PostView): SubmitState {
  const name = post.state_name;
  return name === 'queued' || name === 'draft' || name === 'private' || name === 'scheduled' ? name : 'published';
}

const isEditorType = (value: string | undefined): value is EditorType => EDITOR_TYPES.includes(value as EditorType);

export interface FromSourceOptions {
  mode: 'edit' | 'reblog';
  /** The blog the result goes to: the post's own blog when editing, the chosen one when reblogging. */
  blogName: string;
  /** The person's default editor, used for reblogs and when the post does not say. */
  editorType: EditorType;
  /** The reblog key from the address (reblog mode). */
  reblogKey?: string;
}

/** The form state for editing a post, or for reblogging the post fetched. */
/** `source` is what the server answers for one's own post; a reblog form has the post alone. */
export function fromSource(source: PostFormSource | undefined, post: PostView, options: FromSourceOptions): ComposerState {
  if (options.mode === 'reblog') {
    return withInitial({
      mode: 'reblog',
      content: emptyDraft(post.type),
      stash: {},
      common: defaultCommon(options.editorType),
      reblog: { post, postId: post.id, key: options.reblogKey ?? post.reblog_key, comment: '' },
      postId: null,
      blogName: options.blogName,
      initialPostDate: '',
    });
  }
  if (!source) throw new Error('the edit form needs the post as typed (source)');
  const extra = source.extra;
  const editorType = isEditorType(extra.editor_type) ? extra.editor_type : isEditorType(post.editor_type) ? post.editor_type : options.editorType;
  const postDate = isoToLocalInput(extra.date ?? post.date);
  const content = draftFrom(post, source);
  // The answer mode shows who asked (issue 14): the post says it, the form's fields do not.
  if (content.type === 'note' && post.content.type === 'note') content.asker = post.content.asking_name;
  return withInitial({
    mode: 'edit',
    // A reblog's own words are in post[two]: they are its comment, shown under the trail.
    content: post.is_reblog ? emptyDraft(post.type) : content,
    stash: {},
    common: {
      ...defaultCommon(editorType),
      tags: (extra.tags ?? post.tags.join(',')).split(',').map((t) => t.trim()).filter(Boolean),
      customUrl: extra.slug ?? post.slug,
      postDate,
      sourceUrl: extra.source_url ?? post.source_url ?? '',
      state: submitStateOf(post),
      publishOn: isoToLocalInput(extra.publish_on ?? post.publish_on),
      allowAnswers: post.allow_answers,
      allowPhotoReplies: post.allow_photo_replies,
      membersOnly: post.members_only,
      ownerFlaggedNsfw: post.owner_flagged_nsfw,
      canBeLiked: post.can_be_liked,
      canBeReblogged: post.can_be_reblogged,
      enableCta: post.cta !== null,
      ctaTextCode: post.cta?.text_code ?? 0,
      ctaLinkUrl: post.cta?.link_url ?? '',
      ctaAndroidLinkUrl: post.cta?.android_link_url ?? '',
    },
    reblog: post.is_reblog ? { post, postId: post.reblogged_from?.post_id ?? '', key: '', comment: source.two } : null,
    postId: post.id,
    blogName: options.blogName,
    initialPostDate: postDate,
    ...(post.state_name === 'unapproved' ? { fromInbox: post.type === 'note' ? 'ask' : 'submission' } : {}),
  });
}
