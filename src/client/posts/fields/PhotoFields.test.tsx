import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BodyEditorProps } from '../../editors/BodyEditor';
import { fileOf } from '../../uploads/fake-xhr';
import { fakeServer, openForm, sentTo } from '../form-test-kit';
import { answer, FORM_KEY, formAlert, ready, saved, setUpUploads, UPDATE, valueOf } from '../upload-test-utils';

// The rich editor is tested with the editors; here a textarea keeps its contract (value in, onChange out).
vi.mock('../../editors/BodyEditor', () => ({
  BodyEditor: ({ value, onChange, ariaLabel }: BodyEditorProps) => (
    <textarea aria-label={ariaLabel} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
  ),
}));

let uploads: ReturnType<typeof setUpUploads>;
beforeEach(() => {
  uploads = setUpUploads();
});
afterEach(() => uploads.tearDown());

const jpg = (name: string) => fileOf(name, 'image/jpeg', 100);
const thumb = (position: number) => screen.getByRole('img', { name: `Photo ${position}` }).getAttribute('src');

// The whole form renders on each step: generous on a busy machine.
describe('photo fields with files', { timeout: 20_000 }, () => {
  it('uploads picked files one at a time with progress, reorders by keyboard, and holds the save until all are in', async () => {
    const server = fakeServer({ [UPDATE]: () => [200, saved()] });
    const user = userEvent.setup();
    openForm('/new/photo');
    await ready('Photo URL');
    await user.upload(screen.getByLabelText('Upload photos'), [jpg('a.jpg'), jpg('b.jpg'), jpg('c.jpg')]);

    // Three photos, each shown from memory with its own progress bar, and one for the set.
    expect(screen.getAllByRole('progressbar', { name: /^Upload of photo/ })).toHaveLength(3);
    expect(screen.getByRole('progressbar', { name: 'Uploading photos' })).toBeTruthy();
    expect([thumb(1), thumb(2), thumb(3)]).toEqual(uploads.previews);
    expect(screen.getByText('3 of 10 photos.')).toBeTruthy();
    // One request at a time, with the form key and the file in the photo field.
    const { requests } = uploads.xhr;
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers['x-form-key']).toBe(FORM_KEY);
    expect(requests[0]!.file('photo')?.name).toBe('a.jpg');

    await answer(requests[0], (r) => r.progress(50, 100));
    expect(valueOf('Upload of photo 1')).toBe('50');
    expect(valueOf('Uploading photos')).toBe('17');
    await answer(requests[0], (r) => r.succeed({ url: '/media/a.jpg' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(thumb(1)).toBe('/media/a.jpg');
    expect(screen.queryByRole('progressbar', { name: 'Upload of photo 1' })).toBeNull();

    // Alt+ArrowDown moves the uploaded photo below the next one; captions stay with their photo.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Caption for photo 1' }), { key: 'ArrowDown', altKey: true });
    expect(thumb(2)).toBe('/media/a.jpg');
    fireEvent.change(screen.getByRole('textbox', { name: 'Caption for photo 2' }), { target: { value: 'The first one' } });

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(formAlert().textContent).toBe('Uploads in progress.');
    expect(sentTo(server, UPDATE)).toHaveLength(0);

    await answer(requests[1], (r) => r.succeed({ url: '/media/b.jpg' }));
    await waitFor(() => expect(requests).toHaveLength(3));
    await answer(requests[2], (r) => r.succeed({ url: '/media/c.jpg' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    // Each photo described, so the alt-text reminder has nothing to ask (PostForm.test.tsx tests it).
    for (const n of [1, 2, 3]) fireEvent.change(screen.getByRole('textbox', { name: `Alt text for photo ${n}` }), { target: { value: `Photo ${n}` } });
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sentTo(server, UPDATE)).toHaveLength(1));
    expect(sentTo(server, UPDATE)[0]).toMatchObject({
      'post[type]': 'photo',
      'images[o1]': '/media/a.jpg', 'caption[o1]': 'The first one', 'images[o2]': '/media/b.jpg', 'images[o3]': '/media/c.jpg',
      'post[photoset_order]': 'o2,o1,o3', 'alt[o2]': 'Photo 1', 'alt[o1]': 'Photo 2',
    });
  });

  it('offers Retry for a send that failed (5xx, network), which may pass on another try', async () => {
    fakeServer({});
    const user = userEvent.setup();
    openForm('/new/photo');
    await ready('Photo URL');
    await user.upload(screen.getByLabelText('Upload photos'), [jpg('a.jpg')]);
    await answer(uploads.xhr.requests[0], (r) => r.respond(503, { meta: { status: 503, msg: 'The database is not reachable.' }, response: [] }));
    expect(await screen.findByText('The database is not reachable.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry photo 1' }));
    expect(uploads.xhr.requests).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: 'Upload of photo 1' })).toBeTruthy();
    await answer(uploads.xhr.requests[1], (r) => r.failNetwork());
    expect(await screen.findByText('Upload error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry photo 1' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.queryByRole('img', { name: 'Photo 1' })).toBeNull();
  });

  it('shows a file the server refuses in its tile, with the size limit, offers only Remove, and leaves it out of the count', async () => {
    fakeServer({});
    const user = userEvent.setup();
    openForm('/new/photo');
    await ready('Photo URL');
    await user.upload(screen.getByLabelText('Upload photos'), [jpg('huge.jpg')]);
    expect(screen.getByText('1 of 10 photos.')).toBeTruthy();
    await answer(uploads.xhr.requests[0], (r) => r.respond(413, { meta: { status: 413, msg: 'The file is too big. Squish it down, and try again!' }, response: [] }));
    // The spec's message as it is, the file it is about, and the limit beside it.
    expect(await screen.findByText('huge.jpg: The file is too big. Squish it down, and try again!')).toBeTruthy();
    expect(screen.getByText('Photos can be up to 20 MB each.')).toBeTruthy();
    // The tile says so instead of a broken preview; Remove is all there is to do.
    expect(screen.getByRole('img', { name: 'Photo 1: not added' }).textContent).toBe('Not added');
    const photo = screen.getByRole('listitem');
    expect([...photo.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Remove']);
    expect(screen.queryByRole('textbox', { name: 'Caption for photo 1' })).toBeNull();
    expect(screen.getByText('0 of 10 photos.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('refuses files that are not images, keeping them out of the ten, and files past the tenth', async () => {
    fakeServer({});
    const user = userEvent.setup({ applyAccept: false });
    openForm('/new/photo');
    await ready('Photo URL');
    await user.upload(screen.getByLabelText('Upload photos'), [fileOf('notes.txt', 'text/plain')]);
    expect(screen.getByText('notes.txt: This is not valid image file.')).toBeTruthy();
    expect(screen.getByText('Photos can be JPEG, PNG, GIF or WebP images.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry photo 1' })).toBeNull();
    expect(screen.getByText('0 of 10 photos.')).toBeTruthy();
    await user.upload(screen.getByLabelText('Upload photos'), Array.from({ length: 11 }, (_, i) => jpg(`${i}.jpg`)));
    expect(screen.getByText('A post holds at most 10 photos: 1 was left out.')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(11);
    expect((screen.getByLabelText('Upload photos') as HTMLInputElement).disabled).toBe(true);
  });

  it('takes files dropped on the photo area and images pasted into the form', async () => {
    fakeServer({});
    openForm('/new/photo');
    const url = await ready('Photo URL');
    const area = url.closest('div')!.parentElement!;
    fireEvent.dragEnter(area, { dataTransfer: { types: ['Files'], files: [] } });
    expect(screen.getByText('Drop photos to add them')).toBeTruthy();
    fireEvent.drop(area, { dataTransfer: { types: ['Files'], files: [jpg('dropped.jpg')] } });
    expect(screen.queryByText('Drop photos to add them')).toBeNull();
    expect(uploads.xhr.requests[0]!.file('photo')?.name).toBe('dropped.jpg');

    // Anywhere in the photo fields, the click-through link too (a rich caption takes images inline itself).
    fireEvent.paste(screen.getByRole('textbox', { name: 'Click-through link' }), { clipboardData: { files: [jpg('pasted.png')], getData: () => '' } });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(thumb(2)).toBe('blob:http://localhost/pasted.png');
  });

  it('keeps the drop state on through a short leave (100 ms), so it does not flicker', async () => {
    vi.useFakeTimers();
    try {
      fakeServer({});
      openForm('/new/photo');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      const area = screen.getByRole('textbox', { name: 'Photo URL' }).closest('div')!.parentElement!;
      const files = { dataTransfer: { types: ['Files'], files: [] } };
      fireEvent.dragEnter(area, files);
      fireEvent.dragLeave(area, files);
      act(() => vi.advanceTimersByTime(90));
      fireEvent.dragOver(area, files);
      act(() => vi.advanceTimersByTime(90));
      expect(screen.getByText('Drop photos to add them')).toBeTruthy();
      fireEvent.dragLeave(area, files);
      act(() => vi.advanceTimersByTime(100));
      expect(screen.queryByText('Drop photos to add them')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reorders by dragging one photo onto another', async () => {
    fakeServer({});
    const user = userEvent.setup();
    openForm('/new/photo');
    const url = await ready('Photo URL');
    await user.type(url, 'https://p.example/1.jpg{Enter}https://p.example/2.jpg{Enter}https://p.example/3.jpg{Enter}');
    const data = new Map<string, string>();
    const dataTransfer = {
      get types() {
        return [...data.keys()];
      },
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    const [, , third] = screen.getAllByRole('listitem');
    fireEvent.dragStart(screen.getByRole('img', { name: 'Photo 1' }).parentElement!, { dataTransfer });
    fireEvent.dragOver(third!, { dataTransfer });
    fireEvent.drop(third!, { dataTransfer });
    expect([thumb(1), thumb(2), thumb(3)]).toEqual(['https://p.example/2.jpg', 'https://p.example/3.jpg', 'https://p.example/1.jpg']);
  });
});
