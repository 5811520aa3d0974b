import type { ApiErrorItem, Envelope } from '../../shared/types';
import { currentFormKey } from '../session/form-key';

export { currentFormKey, setFormKey } from '../session/form-key';

/** A failed call, carrying the server's message (meant for people) and its error items. */
/**
 * Whether asking again could help: not for a refusal that will stand (a 4xx other than a timeout
 * or a rate limit), which a "Try again" button would only repeat.
 */
export const worthRetrying = (error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429);

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly items: ApiErrorItem[] = [],
  ) {
    super(message);
  }
  /** The message about one request field, if the server named it. */
  forField(field: string): string | undefined {
    return this.items.find((item) => item.field === field)?.title;
  }
}

async function call<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const form = body instanceof URLSearchParams;
  // A multipart body sets its own content type (with the boundary).
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !multipart) headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
  const formKey = currentFormKey();
  if (method !== 'GET' && formKey) headers['x-form-key'] = formKey;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : form ? body.toString() : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  // A proxy or a crash can answer with something that is not our JSON envelope.
  const envelope = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!res.ok || !envelope) {
    throw new ApiError(
      res.status,
      envelope?.meta?.msg ?? 'Sorry, we seem to be having technical trouble. Please try again later.',
      envelope?.errors ?? [],
    );
  }
  return envelope.response;
}

export const apiGet = <T>(url: string) => call<T>('GET', url);
export const apiPost = <T>(url: string, body: unknown = {}, signal?: AbortSignal) => call<T>('POST', url, body, signal);
/** A form-encoded POST, for the calls the spec sends that way (messaging's send). */
export const apiPostForm = <T>(url: string, form: URLSearchParams) => call<T>('POST', url, form);
/** A multipart POST: a file with its form fields (messaging's image send). */
export const apiPostMultipart = <T>(url: string, form: FormData) => call<T>('POST', url, form);
export const apiDelete = <T>(url: string, body: unknown = {}) => call<T>('DELETE', url, body);

/**
 * A JSON call that outlives the page (fetch keepalive), for a call sent as the page is left; its
 * answer is never read.
 */
export function apiOnLeave(method: 'POST' | 'DELETE', url: string, body: unknown = {}): void {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  const formKey = currentFormKey();
  if (formKey) headers['x-form-key'] = formKey;
  void fetch(url, { method, headers, body: JSON.stringify(body), credentials: 'same-origin', keepalive: true }).catch(() => {});
}
export const apiPostOnLeave = (url: string, body: unknown) => apiOnLeave('POST', url, body);
