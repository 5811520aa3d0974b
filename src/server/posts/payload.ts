// Reads the save payload of POST /svc/post/update (spec 1 §7): flat keys such as post[one],
// from a form or a JSON body, with the spec's messages for wrong values.
import { EDITOR_TYPES, POST_TYPES, type EditorType } from '../../shared/constants';
import { idProblem, idRangeMessage } from '../../shared/ids';
import { invalidTypeMessage, POST_MESSAGES } from '../../shared/posts/messages';
import { stateFromCode, type PostState } from '../../shared/posts/states';
import { normalizeUserUrl } from '../../shared/posts/urls';
import type { AnyPostType } from '../../shared/posts/types';
import { invalidField } from '../http/errors';
import { flagField, textField, type RawPayload } from '../http/fields';

export interface SavePayload {
  channel: string | null;
  editPostId: string | null;
  type: AnyPostType | null;
  state: PostState;
  one: string;
  two: string;
  three: string;
  tags: string[];
  slug: string;
  date: Date | null;
  publishOn: Date | null;
  sourceUrl: string | null;
  editorType: EditorType | null;
  richText: { one: boolean; two: boolean; three: boolean };
  reblog: { postId: string; key: string } | null;
  removeReblogTree: boolean;
  flags: Partial<Record<(typeof FLAG_FIELDS)[number], boolean>>;
  contextPage: string;
  /** Carousel and call-to-action settings (spec 1 §3); their links only when they validate. */
  options: Record<string, unknown>;
  raw: RawPayload;
}

const FLAG_FIELDS = ['allow_answers', 'members_only', 'owner_flagged_nsfw', 'can_be_liked', 'can_be_reblogged'] as const;

function dateField(raw: RawPayload, key: string): Date | null {
  const text = textField(raw, key).trim();
  if (!text) return null;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) {
    throw invalidField(key, `"${key}" is not a date we can read. Use a form like 2026-11-22T14:30:00Z.`);
  }
  return date;
}

/** Id fields are 64-bit integers sent as text. */
function idField(raw: RawPayload, key: string): string | null {
  const text = textField(raw, key).trim();
  if (!text) return null;
  const problem = idProblem(text);
  if (problem) throw invalidField(key, problem === 'range' ? idRangeMessage(key) : `"${key}" must be a post id (digits only).`);
  return text;
}

function ctaTextCode(raw: RawPayload): number {
  const value = raw['cta_text_code'];
  if (value === undefined || value === null || value === '') return 0;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n)) throw invalidField('cta_text_code', invalidTypeMessage('cta_text_code', 'number', value));
  return n;
}

export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const tag = part.replace(/^#+/, '').replace(/\s+/g, ' ').trim().slice(0, 140);
    if (tag) seen.add(tag);
  }
  return [...seen].slice(0, 30);
}

export function parseSavePayload(body: unknown): SavePayload {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidField('body', 'The request body must be a JSON object or a form, with named fields.');
  }
  const raw = body as RawPayload;
  const typeText = textField(raw, 'post[type]');
  if (typeText && ![...POST_TYPES, 'note'].includes(typeText)) {
    throw invalidField('post[type]', `Unknown post type "${typeText}". Use one of: ${POST_TYPES.join(', ')}.`);
  }
  const stateCode = textField(raw, 'post[state]');
  const state = stateCode === '' ? 'published' : stateFromCode(stateCode);
  if (!state) throw invalidField('post[state]', POST_MESSAGES.invalidState);
  const editorText = textField(raw, 'editor_type');
  if (editorText && !(EDITOR_TYPES as readonly string[]).includes(editorText)) {
    throw invalidField('editor_type', `editor_type must be one of: ${EDITOR_TYPES.join(', ')}.`);
  }
  const reblogPostId = idField(raw, 'reblog_post_id');
  const reblogKey = textField(raw, 'reblog_key').trim();
  const flags: SavePayload['flags'] = {};
  for (const key of FLAG_FIELDS) {
    const value = flagField(raw, key);
    if (value !== undefined) flags[key] = value;
  }
  return {
    channel: textField(raw, 'channel_id').trim() || null,
    editPostId: idField(raw, 'post_id') ?? idField(raw, 'edit_post_id'),
    type: (typeText || null) as AnyPostType | null,
    state,
    one: textField(raw, 'post[one]'),
    two: textField(raw, 'post[two]'),
    three: textField(raw, 'post[three]'),
    tags: parseTags(textField(raw, 'post[tags]')),
    slug: textField(raw, 'post[slug]'),
    date: dateField(raw, 'post[date]'),
    publishOn: dateField(raw, 'post[publish_on]'),
    sourceUrl: textField(raw, 'post[source_url]').trim() || null,
    editorType: (editorText || null) as EditorType | null,
    richText: {
      one: flagField(raw, 'is_rich_text[one]') ?? false,
      two: flagField(raw, 'is_rich_text[two]') ?? true,
      three: flagField(raw, 'is_rich_text[three]') ?? false,
    },
    reblog: reblogPostId ? { postId: reblogPostId, key: reblogKey } : null,
    removeReblogTree: flagField(raw, 'remove_reblog_tree') ?? false,
    flags,
    contextPage: textField(raw, 'context_page') || 'dashboard',
    options: {
      carousel_display: flagField(raw, 'carousel_display') ?? false,
      carousel_link_url: normalizeUserUrl(textField(raw, 'carousel_link_url')),
      enable_cta: flagField(raw, 'enable_cta') ?? false,
      cta_text_code: ctaTextCode(raw),
      cta_link_url: normalizeUserUrl(textField(raw, 'cta_link_url')),
      cta_android_link_url: normalizeUserUrl(textField(raw, 'cta_android_link_url')),
    },
    raw,
  };
}
