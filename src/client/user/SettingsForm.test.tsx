import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { NO_FEATURES } from '../../shared/flags';
import type { UserInfoResponse } from '../../shared/types';
import { SettingsForm } from './SettingsForm';

const info: UserInfoResponse = {
  form_key: 'fk',
  user: {
    name: 'ann', email: 'ann@example.com', liked_post_count: 0, friend_count: 0, channels: [], primary: 'ann',
    can_message: true, is_sounds_enabled: true, is_verified_email: true, safe_mode: true, unread_count: 0,
    limits: LIMITS, language: 'en_US', defaultEditorType: 'rich', features: NO_FEATURES, is_admin: false,
  },
};

const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SettingsForm info={info} />
    </QueryClientProvider>,
  );

describe('SettingsForm', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('moves the switch at once, and back with the server message when the change is refused', async () => {
    const fetch = answer(500, { meta: { status: 500, msg: 'Something went wrong on our side. Please try again later.' }, response: {} });
    renderForm();
    const safeMode = screen.getByRole('switch', { name: /Safe mode/ }) as HTMLInputElement;
    fireEvent.click(safeMode);
    expect(safeMode.checked).toBe(false);
    expect(await screen.findByText('Something went wrong on our side. Please try again later.')).toBeTruthy();
    expect(safeMode.checked).toBe(true);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/svc/user/settings');
    expect(JSON.parse(init!.body as string)).toEqual({ safe_mode: false });
  });

  it('keeps the change when the server saves it', async () => {
    answer(200, { meta: { status: 200, msg: 'OK' }, response: { ...info, user: { ...info.user, defaultEditorType: 'html' } } });
    renderForm();
    const editor = screen.getByRole('combobox', { name: /Default editor/ }) as HTMLSelectElement;
    fireEvent.change(editor, { target: { value: 'html' } });
    expect(editor.value).toBe('html');
    await waitFor(() => expect(screen.getByText('Saved.')).toBeTruthy());
  });

  it('turning desktop notifications on asks the browser in that click, and saves the flag', async () => {
    const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
    vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission: 'default', requestPermission }));
    const fetch = answer(200, { meta: { status: 200, msg: 'OK' }, response: { ...info, user: { ...info.user, is_desktop_notifications_enabled: true } } });
    renderForm();
    const desktop = screen.getByRole('switch', { name: /Desktop notifications/ }) as HTMLInputElement;
    expect(desktop.checked).toBe(false);
    fireEvent.click(desktop);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByText('Saved.')).toBeTruthy());
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({ is_desktop_notifications_enabled: true });
  });

  it('offers several conversation windows, off by default, and saves the choice', async () => {
    const fetch = answer(200, { meta: { status: 200, msg: 'OK' }, response: { ...info, user: { ...info.user, is_multi_window_enabled: true } } });
    renderForm();
    const multi = screen.getByRole('switch', { name: /Several conversation windows/ }) as HTMLInputElement;
    expect(multi.checked).toBe(false);
    fireEvent.click(multi);
    expect(multi.checked).toBe(true);
    await waitFor(() => expect(screen.getByText('Saved.')).toBeTruthy());
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({ is_multi_window_enabled: true });
  });

  it('has no desktop notifications switch where the browser has no Notification API', () => {
    renderForm();
    expect(screen.queryByRole('switch', { name: /Desktop notifications/ })).toBeNull();
  });
});
