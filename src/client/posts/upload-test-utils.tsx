// What the upload fields' component tests share: the form with a fake server and a fake
// XMLHttpRequest, object URLs (jsdom has none), and the rich editor replaced by a textarea
// (imported by *.test.tsx files only).
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { setFormKey } from '../api/client';
import { installFakeXhr, type FakeXhr } from '../uploads/fake-xhr';
import { dismissSaveNotice } from './save-notice';
import { postView } from './test-fixtures';

export const UPDATE = '/svc/post/update';

export const saved = () => ({
  post: { id: '5', is_edit: false, is_reblog: false },
  post_tumblelog: { name_or_id: 'ann', url: '', post_url: '', avatar: '' },
  post_context_page: 'dashboard',
  created_post: postView({ id: '5' }),
  message: '',
});

/** The session's form key in these tests (the app sets it when user info arrives). */
export const FORM_KEY = 'fk-uploads';

export function setUpUploads() {
  setFormKey(FORM_KEY);
  const xhr = installFakeXhr();
  const previews: string[] = [];
  URL.createObjectURL = vi.fn((file: Blob) => {
    const url = `blob:http://localhost/${(file as File).name}`;
    previews.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  return {
    xhr,
    previews,
    tearDown: () => {
      xhr.restore();
      setFormKey(null);
      vi.restoreAllMocks();
      act(() => dismissSaveNotice());
    },
  };
}

/** Drives one request from outside React (a browser event), then lets the form catch up. */
export async function answer(request: FakeXhr | undefined, drive: (request: FakeXhr) => void) {
  if (!request) throw new Error('no such upload request');
  await act(async () => drive(request));
}

/** The form's own alert region (a photo's upload error is an alert too). */
export function formAlert(): HTMLElement {
  const alerts = within(screen.getByRole('dialog', { name: /post$/ })).getAllByRole('alert');
  const found = alerts.find((alert) => alert.getAttribute('tabindex') === '-1');
  if (!found) throw new Error('the form has no alert region');
  return found;
}

/** The form takes input once it is attached and scrolled into view; the first field has focus then. */
export async function ready(firstField: string) {
  // The first form of a test file waits for the modules to load: more than the default second.
  const field = await screen.findByRole('textbox', { name: firstField }, { timeout: 5000 });
  await waitFor(() => expect(document.activeElement).toBe(field), { timeout: 5000 });
  // It takes typing at once; its controls and saving wait for its opening scroll (spec 1 §4).
  await waitFor(() => expect(field.closest('form')!.querySelector('button[type="submit"]')!.hasAttribute('disabled')).toBe(false));
  return field;
}

export const valueOf = (name: string) => (screen.getByRole('progressbar', { name }) as HTMLElement).getAttribute('aria-valuenow');
