// Sends one file: multipart/form-data through XMLHttpRequest, the one browser API that reports
// upload progress, with the session's form key. Reads the answer by spec 1 §7 and §8.
import { currentFormKey } from '../api/client';
import { UPLOAD_MESSAGES } from './upload-constants';
import { UploadFailure, type UploadedMedia, type UploadErrorType } from './upload-types';

export interface UploadRequest {
  url: string;
  file: File;
  /** The multipart field the file goes in ('photo', 'audio', 'video'). */
  fieldName: string;
  /** Further form fields (the media `type`). */
  data: Record<string, string>;
}

export interface UploadHandle {
  /** The first media item of the answer; rejects with an UploadFailure. */
  promise: Promise<unknown>;
  abort: () => void;
}

export type UploadTransport = (request: UploadRequest, onProgress: (loaded: number, total: number) => void) => UploadHandle;

interface UploadEnvelope {
  meta?: { status?: number; msg?: string };
  response?: unknown;
  errors?: { title?: string }[];
}

function parse(body: string): UploadEnvelope | null {
  try {
    const value: unknown = body ? JSON.parse(body) : null;
    return value && typeof value === 'object' ? (value as UploadEnvelope) : null;
  } catch {
    return null;
  }
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (typeof value === 'object' && Object.keys(value).length === 0);

/**
 * What a failed answer's status says of another try: a refusal of the file (413 too big, 415 not
 * the kind, any other 4xx) stands; a timeout, a rate limit, a 5xx or no answer may pass next time.
 */
export function failureType(status: number): UploadErrorType {
  if (status === 413) return 'filesize';
  if (status === 415) return 'filetype';
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'refused';
  return 'upload';
}

/**
 * The answer to an upload. Success is status 200 with something in `response` (an array's first
 * item is used). Anything else fails with the server's message, else its error list, else 'Woops :('.
 */
export function readUploadAnswer(status: number, body: string): unknown {
  const envelope = parse(body);
  const metaStatus = envelope?.meta?.status ?? status;
  const response = envelope?.response;
  const first = Array.isArray(response) ? response[0] : response;
  if (status === 200 && metaStatus === 200 && typeof first === 'object' && !isEmpty(first)) return first;
  const failed = status !== 200 || metaStatus !== 200;
  // A 200 envelope says 'OK' in meta.msg: that is not a message about the failure.
  const serverMessage = typeof first === 'string' && first.trim() ? first : failed ? envelope?.meta?.msg?.trim() : '';
  const listed = (envelope?.errors ?? []).map((error) => error.title?.trim()).filter(Boolean).join(' ');
  throw new UploadFailure(serverMessage || listed || UPLOAD_MESSAGES.unknown, failureType(status !== 200 ? status : metaStatus));
}

export const xhrTransport: UploadTransport = (request, onProgress) => {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<unknown>((resolve, reject) => {
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : request.file.size);
    xhr.onload = () => {
      try {
        resolve(readUploadAnswer(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new UploadFailure(UPLOAD_MESSAGES.network, 'upload'));
    xhr.ontimeout = () => reject(new UploadFailure(UPLOAD_MESSAGES.network, 'upload'));
    xhr.onabort = () => reject(new UploadFailure(UPLOAD_MESSAGES.canceled, 'abort'));
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(request.data)) form.append(name, value);
  form.append(request.fieldName, request.file, request.file.name);
  xhr.open('POST', request.url);
  xhr.setRequestHeader('accept', 'application/json');
  const formKey = currentFormKey();
  if (formKey) xhr.setRequestHeader('x-form-key', formKey);
  xhr.send(form);
  return { promise, abort: () => xhr.abort() };
};

/** A transport whose successes also pass `checkAnswer`. */
export function withAnswerCheck(transport: UploadTransport, checkAnswer: (media: UploadedMedia) => string | null): UploadTransport {
  return (request, onProgress) => {
    const handle = transport(request, onProgress);
    const promise = handle.promise.then((media) => {
      const problem = checkAnswer(media as UploadedMedia);
      if (problem) throw new UploadFailure(problem, 'upload');
      return media;
    });
    return { promise, abort: handle.abort };
  };
}
