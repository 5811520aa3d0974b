import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BodyEditorProps } from '../../editors/BodyEditor';
import { fileOf } from '../../uploads/fake-xhr';
import { fakeServer, openForm, sentTo } from '../form-test-kit';
import { answer, formAlert, ready, saved, setUpUploads, UPDATE, valueOf } from '../upload-test-utils';

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

const inputValue = (name: string) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value;

describe('audio fields with a file', { timeout: 20_000 }, () => {
  it('fills the track fields from the upload and asks for permission before saving', async () => {
    const server = fakeServer({ [UPDATE]: () => [200, saved()] });
    const user = userEvent.setup();
    openForm('/new/audio');
    await ready('Audio URL');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(formAlert().textContent).toBe('Please choose an audio source before continuing.');

    await user.upload(screen.getByLabelText('Upload an audio file'), fileOf('song.mp3', 'audio/mpeg', 1000));
    const request = uploads.xhr.last();
    expect(request.file('audio')?.name).toBe('song.mp3');
    expect(request.field('type')).toBe('audio');
    expect(screen.getByText('song.mp3')).toBeTruthy();
    await answer(request, (r) => r.progress(250, 1000));
    expect(valueOf('Upload of the audio file')).toBe('25');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(formAlert().textContent).toBe('Uploads in progress.');

    await answer(request, (r) =>
      r.succeed({ type: 'audio', url: '/media/s.mp3', track_title: 'Song', track_artist: 'Band', track_album: 'LP', album_art_url: '/media/art.jpg' }),
    );
    await waitFor(() => expect(inputValue('Track')).toBe('Song'));
    expect(inputValue('Artist')).toBe('Band');
    expect(inputValue('Album')).toBe('LP');
    expect(screen.getByRole('img', { name: 'Album art' }).getAttribute('src')).toBe('/media/art.jpg');
    // The tags stay editable.
    await user.clear(screen.getByRole('textbox', { name: 'Album' }));
    await user.type(screen.getByRole('textbox', { name: 'Album' }), 'EP');

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(formAlert().textContent).toBe('You must agree that you have permission to share this file.');
    expect(sentTo(server, UPDATE)).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'I have permission to share this file' }));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sentTo(server, UPDATE)).toHaveLength(1));
    expect(sentTo(server, UPDATE)[0]).toMatchObject({
      'post[type]': 'audio', 'post[one]': '', preuploaded_url: '/media/s.mp3', confirm_tos: '1', album_art: '/media/art.jpg',
      'id3_tags[title]': 'Song', 'id3_tags[artist]': 'Band', 'id3_tags[album]': 'EP',
    });
  });

  it('refuses a file that is not audio, and goes back to the address on Remove', async () => {
    fakeServer({});
    const user = userEvent.setup({ applyAccept: false });
    openForm('/new/audio');
    await ready('Audio URL');
    await user.upload(screen.getByLabelText('Upload an audio file'), fileOf('photo.jpg', 'image/jpeg'));
    expect(screen.getByText('This is not valid audio file.')).toBeTruthy();
    expect(uploads.xhr.requests).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove the audio file' }));
    expect(screen.getByRole('textbox', { name: 'Audio URL' })).toBeTruthy();
  });
});

describe('video fields with a file', { timeout: 20_000 }, () => {
  it('uploads with progress, says the server is processing, and needs permission', async () => {
    const server = fakeServer({ [UPDATE]: () => [200, saved()] });
    const user = userEvent.setup();
    openForm('/new/video');
    await ready('Embed code or URL');
    await user.upload(screen.getByLabelText('Upload a video file'), fileOf('clip.mp4', 'video/mp4', 1000));
    const request = uploads.xhr.last();
    expect(request.file('video')?.name).toBe('clip.mp4');
    await answer(request, (r) => r.progress(400, 1000));
    expect(valueOf('Upload of the video file')).toBe('40');
    await answer(request, (r) => r.progress(1000, 1000));
    expect(screen.getByText('Processing your video…')).toBeTruthy();
    await answer(request, (r) => r.succeed({ type: 'video', url: '/media/v.mp4', state: 'processing', job_id: 'j1' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByText('Processing your video…')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(formAlert().textContent).toBe('You must agree that you have permission to share this file.');
    await user.click(screen.getByRole('checkbox', { name: 'I have permission to share this file' }));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sentTo(server, UPDATE)).toHaveLength(1));
    expect(sentTo(server, UPDATE)[0]).toMatchObject({ 'post[type]': 'video', preuploaded_url: '/media/v.mp4', confirm_tos: '1' });
  });

  /** get_video_data for the uploaded file: 'processing' for the first `asks` answers, then `end`. */
  const conversionServer = (asks: number, end: 'ready' | 'failed') => {
    let asked = 0;
    return fakeServer({
      '/svc/post/get_video_data': () => {
        asked++;
        const state = asked <= asks ? 'processing' : end;
        const still = state === 'ready' ? '/media/v-poster.jpg' : null;
        return [200, { embed_url: '/media/v.mp4', embed_width: 320, embed_height: 240, thumbnail: still, state, ...(state === 'failed' ? { error: 'This video could not be converted.' } : {}) }];
      },
    });
  };
  const uploadProcessing = async () => {
    const user = userEvent.setup();
    openForm('/new/video');
    await ready('Embed code or URL');
    await user.upload(screen.getByLabelText('Upload a video file'), fileOf('clip.mp4', 'video/mp4', 1000));
    await answer(uploads.xhr.last(), (r) => r.succeed({ type: 'video', url: '/media/v.mp4', state: 'processing', job_id: 'j1' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  };

  it('keeps asking after a video still converting past the preview\'s two asks, and says when it is ready (issue 22)', async () => {
    // Three answers of "processing": more than the preview's own two asks (at once and after 2 s).
    conversionServer(3, 'ready');
    await uploadProcessing();
    expect(screen.getByText('Processing your video…')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Uploaded.')).toBeTruthy(), { timeout: 12_000 });
    expect(screen.queryByText('Processing your video…')).toBeNull();
    // The preview shows the still the conversion made.
    await waitFor(() => expect(screen.getByRole('img', { name: 'Video preview' }).getAttribute('src')).toBe('/media/v-poster.jpg'));
  });

  it('says so when the conversion fails, with the reason (issue 22)', async () => {
    conversionServer(1, 'failed');
    await uploadProcessing();
    await waitFor(() => expect(screen.getByText('This video could not be converted.')).toBeTruthy(), { timeout: 12_000 });
    expect(screen.queryByText('Processing your video…')).toBeNull();
  });

  it("shows the server's refusal as the error", async () => {
    fakeServer({});
    const user = userEvent.setup();
    openForm('/new/video');
    await ready('Embed code or URL');
    await user.upload(screen.getByLabelText('Upload a video file'), fileOf('clip.mp4', 'video/mp4'));
    const refusal = 'Video uploads need ffmpeg on the server, which is not installed. Paste a link or embed code instead.';
    await answer(uploads.xhr.last(), (r) => r.respond(400, { meta: { status: 400, msg: refusal }, response: [], errors: [{ code: 6004, title: refusal }] }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(formAlert().textContent).toBe('No video specified.');
  });
});
