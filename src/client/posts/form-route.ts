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

/** Pages a new-post form can open over (besides the dashboard): a blog's drafts and queue. */
const BASE_PAGE = /^\/blog\/[a-z0-9-]{1,32}\/(drafts|queue)$/;

/** The page under a form at `pathname`: `/blog/x/drafts/new/text` is over `/blog/x/drafts`. */
export function basePathOf(pathname: string): string {
  const page = pathname.replace(/\/new\/[^/]+$/, '');
  return BASE_PAGE.test(page) ? page : BASE_ROUTE;
}

/** Spec 1 §2: /new/{type}, prefixed by the base route unless the base is the dashboard. */
export const newPostPath = (base: string, type: PostType) => (base === BASE_ROUTE ? `/new/${type}` : `${base}/new/${type}`);

/** The route state, trusting only a same-site path for the base; without one, the address says. */
export function readRouteState(state: unknown, pathname = ''): { base: string; formId: string | null } {
  const value = (state ?? {}) as FormRouteState;
  const base = typeof value.base === 'string' && /^\/(?!\/)/.test(value.base) ? value.base : basePathOf(pathname);
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
