// Reads the save payload of POST /svc/post/update (spec 1 §7): flat keys such as post[one],
// from a form or a JSON body, with the spec's messages for wrong values, into the one typed
// command it names (commands.ts): an edit when it names a post, else a reblog when it names a
// parent, else a new post.
import { EDITOR_TYPES, POST_TYPES, type EditorType } from '../../shared/constants';
import { idProblem, idRangeMessage } from '../../shared/ids';
import { invalidTypeMessage, POST_MESSAGES } from '../../shared/posts/messages';
import { stateFromCode } from '../../shared/posts/states';
import { normalizeUserUrl } from '../../shared/posts/urls';
import type { AnyPostType } from '../../shared/posts/types';
import { CTA_CODE_MESSAGE, isCtaTextCode } from '../../shared/posts/cta';
import { parseContentStats, type ContentStats } from '../../shared/posts/content-stats';
import { invalidField } from '../http/errors';
import { flagField, textField, type RawPayload } from '../http/fields';
import { POST_FLAGS, type PostCommand, type PostFlags, type PostOptions, type PostSettings, type RequestedState } from './commands';

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
  // A code without a text would be a button that says nothing (shared/posts/cta.ts).
  if (!isCtaTextCode(n)) throw invalidField('cta_text_code', CTA_CODE_MESSAGE);
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

function requestedState(raw: RawPayload): RequestedState {
  const code = textField(raw, 'post[state]');
  const state = code === '' ? 'published' : stateFromCode(code);
  if (!state) throw invalidField('post[state]', POST_MESSAGES.invalidState);
  if (state === 'transcoding' || state === 'unapproved') {
    throw invalidField('post[state]', 'Posts can be published, saved as drafts, queued, scheduled or private.');
  }
  return state;
}

function contentStats(raw: RawPayload): ContentStats | null {
  const read = parseContentStats(raw.content_stats);
  if ('problem' in read) throw invalidField('content_stats', read.problem);
  return read.stats;
}

function options(raw: RawPayload): PostOptions {
  return {
    carousel_display: flagField(raw, 'carousel_display') ?? false,
    carousel_link_url: normalizeUserUrl(textField(raw, 'carousel_link_url')),
    enable_cta: flagField(raw, 'enable_cta') ?? false,
    cta_text_code: ctaTextCode(raw),
    cta_link_url: normalizeUserUrl(textField(raw, 'cta_link_url')),
    cta_android_link_url: normalizeUserUrl(textField(raw, 'cta_android_link_url')),
    content_stats: contentStats(raw),
  };
}

function settings(raw: RawPayload): PostSettings {
  const editorText = textField(raw, 'editor_type');
  if (editorText && !(EDITOR_TYPES as readonly string[]).includes(editorText)) {
    throw invalidField('editor_type', `editor_type must be one of: ${EDITOR_TYPES.join(', ')}.`);
  }
  const flags: PostFlags = {};
  for (const key of POST_FLAGS) {
    const value = flagField(raw, key);
    if (value !== undefined) flags[key] = value;
  }
  return {
    state: requestedState(raw),
    publishOn: dateField(raw, 'post[publish_on]'),
    date: dateField(raw, 'post[date]'),
    tags: parseTags(textField(raw, 'post[tags]')),
    slug: textField(raw, 'post[slug]'),
    sourceUrl: textField(raw, 'post[source_url]').trim() || null,
    editorType: (editorText || null) as EditorType | null,
    flags,
    options: options(raw),
  };
}

/** The save form as a command, and the page it was sent from (echoed as post_context_page). */
export function parsePostCommand(body: unknown): { command: PostCommand; contextPage: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidField('body', 'The request body must be a JSON object or a form, with named fields.');
  }
  const raw = body as RawPayload;
  const typeText = textField(raw, 'post[type]');
  if (typeText && ![...POST_TYPES, 'note'].includes(typeText)) {
    throw invalidField('post[type]', `Unknown post type "${typeText}". Use one of: ${POST_TYPES.join(', ')}.`);
  }
  const common = settings(raw);
  const form = {
    one: textField(raw, 'post[one]'),
    two: textField(raw, 'post[two]'),
    three: textField(raw, 'post[three]'),
    richText: {
      one: flagField(raw, 'is_rich_text[one]') ?? false,
      two: flagField(raw, 'is_rich_text[two]') ?? true,
      three: flagField(raw, 'is_rich_text[three]') ?? false,
    },
    raw,
  };
  const editPostId = idField(raw, 'post_id') ?? idField(raw, 'edit_post_id');
  const reblogPostId = idField(raw, 'reblog_post_id');
  const reblogKey = textField(raw, 'reblog_key').trim();
  const removeReblogTree = flagField(raw, 'remove_reblog_tree') ?? false;
  const blog = textField(raw, 'channel_id').trim();
  const contextPage = textField(raw, 'context_page') || 'dashboard';
  // An edit keeps its blog, its type and, for a reblog, its parent: those fields are not read for it.
  if (editPostId) return { command: { kind: 'edit', input: { ...common, postId: editPostId, form, removeReblogTree } }, contextPage };
  if (reblogPostId) {
    const parent = { postId: reblogPostId, key: reblogKey };
    return { command: { kind: 'reblog', input: { ...common, blog, parent, comment: form.two, removeReblogTree } }, contextPage };
  }
  if (!typeText) throw invalidField('post[type]', 'Say which type of post this is (post[type]).');
  return { command: { kind: 'create', input: { ...common, blog, type: typeText as AnyPostType, form } }, contextPage };
}
