import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer } from '../../test/test-utils';
import { cardData, envelope, renderApp, viewerInfo } from '../../follows/test-support';
import { BlogSettingsPage } from './BlogSettingsPage';

afterEach(() => vi.restoreAllMocks());

const { highlighted_posts: _posts, ...ann } = cardData('ann', { title: 'Ann’s blog', is_current: true });

const renderSettings = (name = 'ann') =>
  renderApp(
    <Routes>
      <Route path="/blog/:name/settings" element={<BlogSettingsPage />} />
    </Routes>,
    { path: `/blog/${name}/settings`, viewer: viewerInfo() },
  );

describe('/blog/{name}/settings', () => {
  it('previews changes on the card as they are made, and saves only what changed', async () => {
    const calls = mockServer((call) => {
      if (call.url.startsWith('/svc/data/tumblelog')) return envelope(ann);
      if (call.url === '/svc/blog/ann/settings') {
        return envelope({ ...ann, title: 'Night Owls', global_theme_params: { ...ann.global_theme_params, title_color: '#AABBCC' } });
      }
      return envelope(viewerInfo());
    });
    renderSettings();
    const title = await screen.findByLabelText('Title');
    const preview = screen.getByRole('complementary', { name: 'Preview of the blog card' });
    expect(within(preview).getByRole('heading', { name: 'Ann’s blog' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(title, { target: { value: 'Night Owls' } });
    fireEvent.change(screen.getByLabelText('Title colour'), { target: { value: 'abc' } });
    fireEvent.blur(screen.getByLabelText('Title colour'));
    expect((screen.getByLabelText('Title colour') as HTMLInputElement).value).toBe('#AABBCC');
    expect(within(preview).getByRole('heading', { name: 'Night Owls' })).toBeTruthy();
    // The preview draws it as the card will: the same hue, darkened until it reads on the background.
    expect(within(preview).getByTestId('blog-card').style.getPropertyValue('--card-title')).toBe('#66707A');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Saved.');
    expect(calls.find((c) => c.url === '/svc/blog/ann/settings')!.body).toEqual({ title: 'Night Owls', title_color: '#AABBCC' });
  });

  it('keeps Save off while a colour is not a hex colour', async () => {
    mockServer(() => envelope(ann));
    renderSettings();
    fireEvent.change(await screen.findByLabelText('Link colour'), { target: { value: 'blue' } });
    expect(screen.getByText('Use a hex colour like #529ECC or #FFF.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server’s message when it refuses', async () => {
    mockServer((call) =>
      call.url === '/svc/blog/ann/settings'
        ? new Response(JSON.stringify({ meta: { status: 400, msg: 'Give your blog a title.' }, response: {}, errors: [{ code: 1001, title: 'Give your blog a title.', field: 'title' }] }), { status: 400 })
        : envelope(ann),
    );
    renderSettings();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Give your blog a title.'));
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
  });

  it('is only for the owner', () => {
    mockServer(() => envelope(cardData('cy')));
    renderSettings('cy');
    expect(screen.getByText(/You can only change the settings of your own blogs./)).toBeTruthy();
  });
});
