import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { NO_FEATURES } from '../../shared/flags';
import type { BlockedBlog } from '../../shared/moderation';
import type { Channel, UserInfoResponse } from '../../shared/types';
import { DialogHost } from '../ui/dialogs';
import { BlockedBlogs } from './BlockedBlogs';

const theme = {
  background_color: '#FAFAFA', title_color: '#444444', link_color: '#529ECC', title_font: 'Gibson', title_font_weight: 'bold' as const,
  show_title: true, show_description: true, show_avatar: true, avatar_shape: 'circle' as const, show_header_image: true,
  header_image_focused: null, header_stretch: true,
};
const blog = (name: string) => ({
  name, uuid: 'u', url: `http://localhost/blog/${name}`, blog_view_url: `http://localhost/blog/${name}`, title: `${name} title`,
  description_sanitized: '', directory_safe_title: '', avatar_url: '', avatar_url_48: '', avatar_url_128: '', is_adult: false,
  is_current: false, has_default_header: true, cname: null, global_theme_params: theme,
});
const channel = (name: string, current: boolean): Channel => ({ ...blog(name), is_current: current, unread_count: 0, can_send_messages: true, is_primary: current });
const info: UserInfoResponse = {
  form_key: 'fk',
  user: {
    name: 'ann', email: 'ann@example.com', liked_post_count: 0, friend_count: 0, channels: [channel('ann', true), channel('ann-two', false)],
    primary: 'ann', can_message: true, is_sounds_enabled: true, is_verified_email: true, safe_mode: true, unread_count: 0,
    limits: LIMITS, language: 'en_US', defaultEditorType: 'rich', features: NO_FEATURES, is_admin: false,
  },
};
const blocked = (name: string): BlockedBlog => ({ ...blog(name), blocked_at: '2026-11-20T10:00:00.000Z' });
const ok = (response: unknown) => new Response(JSON.stringify({ meta: { status: 200, msg: 'OK' }, response }), { status: 200 });

const renderList = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BlockedBlogs info={info} />
      <DialogHost />
    </QueryClientProvider>,
  );

describe('BlockedBlogs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the current blog’s blocks and unblocks one', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      String(url).startsWith('/svc/block/list') ? ok({ blogs: [blocked('bob')], next: null }) : ok({ is_blocked: false, tumblelog: 'ann', blocked_tumblelog: 'bob' }),
    );
    renderList();
    expect(await screen.findByText('bob')).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe('/svc/block/list?tumblelog=ann');
    fireEvent.click(screen.getByRole('button', { name: 'Unblock bob' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/svc/block/remove')).toBe(true));
    const [, init] = fetch.mock.calls.find(([url]) => url === '/svc/block/remove')!;
    expect(JSON.parse(init!.body as string)).toEqual({ tumblelog: 'ann', blocked_tumblelog: 'bob' });
  });

  it('blocks a blog by name only after the confirm, for the blog chosen', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      String(url).startsWith('/svc/block/list') ? ok({ blogs: [], next: null }) : ok({ is_blocked: true, tumblelog: 'ann-two', blocked_tumblelog: 'carl' }),
    );
    renderList();
    expect(await screen.findByText('ann hasn’t blocked any blogs.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Blocks of' }), { target: { value: 'ann-two' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Blog name to block' }), { target: { value: 'Carl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByText(/^Block carl\?/)).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url === '/svc/block/add')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'Block' }).at(-1)!);
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/svc/block/add')).toBe(true));
    const [, init] = fetch.mock.calls.find(([url]) => url === '/svc/block/add')!;
    expect(JSON.parse(init!.body as string)).toEqual({ tumblelog: 'ann-two', blocked_tumblelog: 'carl', block_context: 'settings' });
  });
});
