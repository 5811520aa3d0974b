// Issue 26.3: the post form's controls for photo replies, members only, NSFW, the photo set's
// layout, a live photo's clip and the content stats, as a person uses them and as they are sent.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BodyEditorProps } from '../editors/BodyEditor';
import { fileOf } from '../uploads/fake-xhr';
import { fakeServer, openForm, sentTo } from './form-test-kit';
import { answer, formAlert, ready, saved, setUpUploads, UPDATE } from './upload-test-utils';

vi.mock('../editors/BodyEditor', () => ({
  BodyEditor: ({ value, onChange, ariaLabel }: BodyEditorProps) => (
    <textarea aria-label={ariaLabel} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
  ),
}));

let uploads: ReturnType<typeof setUpUploads>;
beforeEach(() => {
  uploads = setUpUploads();
});
afterEach(() => uploads.tearDown());

const type = (name: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
/** Adds a photo by address and describes it, so the alt-text reminder has nothing to ask. */
const addPhotoUrl = (url: string) => {
  type('Photo URL', url);
  fireEvent.click(screen.getByRole('button', { name: 'Add photo' }));
  const alts = screen.getAllByRole('textbox', { name: /^Alt text for photo/ });
  fireEvent.change(alts[alts.length - 1]!, { target: { value: `Photo ${alts.length}` } });
};

describe('post form controls (issue 26.3)', { timeout: 20_000 }, () => {
  it('sends photo replies, members only and the NSFW flag as checked, with the content stats it shows', async () => {
    const server = fakeServer({ [UPDATE]: () => [200, saved()] });
    openForm('/new/text');
    await ready('Title');
    type('Title', 'Hello');
    type('Body', '<p>Two words and <a href="https://x.example">a link</a></p>');
    expect(screen.getByTestId('content-stats').textContent).toBe('6 words · 26 characters · 1 link');
    fireEvent.click(screen.getByText('Post options'));
    for (const name of ['Allow photo replies', 'Members only', 'Flag as NSFW']) fireEvent.click(screen.getByRole('checkbox', { name }));
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sentTo(server, UPDATE)).toHaveLength(1));
    const [body] = sentTo(server, UPDATE);
    expect(body).toMatchObject({ allow_photo_replies: true, members_only: true, owner_flagged_nsfw: true });
    expect(JSON.parse(String(body!.content_stats))).toEqual({ words: 6, characters: 26, photos: 0, links: 1 });
  });

  it('lets the photo set be laid out by preset or by typed rows, sketching the rows and saying when they do not fit', async () => {
    const server = fakeServer({ [UPDATE]: () => [200, saved()] });
    openForm('/new/photo');
    await ready('Photo URL');
    addPhotoUrl('https://p.example/1.jpg');
    expect(screen.queryByRole('combobox', { name: 'Layout' })).toBeNull();
    addPhotoUrl('https://p.example/2.jpg');
    addPhotoUrl('https://p.example/3.jpg');
    const layout = screen.getByRole('combobox', { name: 'Layout' }) as HTMLSelectElement;
    expect(screen.getByRole('img', { name: 'Rows: 3' })).toBeTruthy();
    fireEvent.change(layout, { target: { value: '111' } });
    expect(screen.getByRole('img', { name: 'Rows: 1, 1, 1' })).toBeTruthy();
    fireEvent.change(layout, { target: { value: 'custom' } });
    const rows = screen.getByRole('textbox', { name: 'Photos in each row' });
    fireEvent.change(rows, { target: { value: '22' } });
    expect(screen.getByText('These rows hold 4 photos; the post has 3.')).toBeTruthy();
    expect(rows.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(rows, { target: { value: '1a' } });
    expect(screen.getByText('Use the digits 1, 2 and 3 only: one digit for each row.')).toBeTruthy();
    fireEvent.change(rows, { target: { value: '12' } });
    expect(screen.getByRole('img', { name: 'Rows: 1, 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sentTo(server, UPDATE)).toHaveLength(1));
    expect(sentTo(server, UPDATE)[0]).toMatchObject({ 'post[photoset_layout]': '12', 'post[photoset_order]': 'o1,o2,o3' });
  });

  it('uploads a live photo clip for a photo, holds the save until it is in, and sends it as livephoto[oN]', async () => {
    const server = fakeServer({ [UPDATE]: () => [200, saved()] });
    const user = userEvent.setup();
    openForm('/new/photo');
    await ready('Photo URL');
    addPhotoUrl('https://p.example/1.jpg');
    await user.upload(screen.getByLabelText('Add a live photo clip'), fileOf('clip.mov', 'video/quicktime', 200));
    const [request] = uploads.xhr.requests;
    expect(request!.file('video')?.name).toBe('clip.mov');
    expect(screen.getByRole('progressbar', { name: 'Upload of the clip of photo 1' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(formAlert().textContent).toBe('Uploads in progress.');
    expect(sentTo(server, UPDATE)).toHaveLength(0);
    await answer(request, (r) => r.succeed({ url: '/media/ab/cd/clip.mp4' }));
    expect(await screen.findByText('Live photo clip added.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sentTo(server, UPDATE)).toHaveLength(1));
    expect(sentTo(server, UPDATE)[0]).toMatchObject({ 'images[o1]': 'https://p.example/1.jpg', 'livephoto[o1]': '/media/ab/cd/clip.mp4' });
  });

  it('refuses a clip that is no video before sending it, and a removed clip is not sent', async () => {
    const server = fakeServer({ [UPDATE]: () => [200, saved()] });
    const user = userEvent.setup({ applyAccept: false });
    openForm('/new/photo');
    await ready('Photo URL');
    addPhotoUrl('https://p.example/1.jpg');
    await user.upload(screen.getByLabelText('Add a live photo clip'), fileOf('notes.txt', 'text/plain', 20));
    expect(uploads.xhr.requests).toHaveLength(0);
    const photo = screen.getByRole('list', { name: 'Photos' });
    expect(within(photo).getByRole('alert').textContent).toMatch(/video/);
    await user.upload(screen.getByLabelText('Add a live photo clip'), fileOf('clip.mp4', 'video/mp4', 200));
    await answer(uploads.xhr.requests[0], (r) => r.succeed({ url: '/media/ab/cd/clip.mp4' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the clip of photo 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sentTo(server, UPDATE)).toHaveLength(1));
    expect(sentTo(server, UPDATE)[0]).not.toHaveProperty('livephoto[o1]');
  });
});
