// What the post form's address carries: where to return on close (the base route) and which
// opening of the form it belongs to (a type tab replaces the address but keeps the form).
import { BASE_ROUTE, POST_TYPES, type PostType } from '../../shared/constants';
import type { ContextPage } from './composer-payload';

export type FormRequest =
  | { mode: 'new'; type: PostType }
  | { mode: 'edit'; postId: string }
  | { mode: 'reblog'; reblogId: string; reblogKey: string };

export interface FormRouteState {
  /** The page under the form; the form returns there (default /dashboard). */
  base?: string;
  formId?: string;
}

/** The route state, trusting only a same-site path for the base. */
export function readRouteState(state: unknown): { base: string; formId: string | null } {
  const value = (state ?? {}) as FormRouteState;
  const base = typeof value.base === 'string' && /^\/(?!\/)/.test(value.base) ? value.base : BASE_ROUTE;
  return { base, formId: typeof value.formId === 'string' ? value.formId : null };
}

/** The context page sent with a save: it decides how the page refreshes after (spec 1 §2). */
export function contextPageOf(base: string): ContextPage {
  const page = /(?:^|\/)(drafts|queue|inbox)\/?$/.exec(base)?.[1];
  return (page as ContextPage | undefined) ?? 'dashboard';
}

const isPostType = (value: string | undefined): value is PostType => POST_TYPES.includes(value as PostType);

/** The form an address asks for, or null when it names no such thing (a 404). */
export function requestFrom(mode: FormRequest['mode'], params: Record<string, string | undefined>): FormRequest | null {
  if (mode === 'new') return isPostType(params.type) ? { mode, type: params.type } : null;
  if (mode === 'edit') return params.postId && /^\d+$/.test(params.postId) ? { mode, postId: params.postId } : null;
  return params.reblogId && /^\d+$/.test(params.reblogId) && params.reblogKey ? { mode, reblogId: params.reblogId, reblogKey: params.reblogKey } : null;
}
