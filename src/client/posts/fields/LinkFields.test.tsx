import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useReducer } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkPreview } from '../../../shared/links/preview';
import { composerReducer, createComposer, type ComposerState } from '../composer';
import { fromSource, toPayload } from '../composer-payload';
import { validate } from '../composer-validate';
import { postView, source } from '../test-fixtures';
import { LinkFields } from './LinkFields';

const PREVIEW: LinkPreview = {
  url: 'https://news.example/story', title: 'The story', description: 'What happened, in short.', author: 'Ann Lee',
  site_name: 'News Example', thumbnail: 'https://cdn.example/lead.jpg', unsupported: false,
  embed_render_context: null, preview_iframe: null, embed_code: null,
};

type Answer = [status: number, body: unknown];

/** Answers POST /svc/link/preview with `answer` (or waits for the promise); records each url asked for. */
function fakePreview(answer: Answer | Promise<Answer>) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) !== '/svc/link/preview') throw new Error(`unexpected call to ${String(input)}`);
    asked.push((JSON.parse(init!.body as string) as { url: string }).url);
    const [status, body] = await answer;
    const envelope = status === 200 ? { meta: { status, msg: 'OK' }, response: body } : { meta: { status, msg: body }, response: {} };
    return new Response(JSON.stringify(envelope), { status });
  });
  return asked;
}

let latest: ComposerState;
function Harness({ initial }: { initial: ComposerState }) {
  const [state, dispatch] = useReducer(composerReducer, initial);
  // The tests read the form's state as the post form would on submit.
  useEffect(() => {
    latest = state;
  });
  if (state.content.type !== 'link') return null;
  return <LinkFields content={state.content} dispatch={dispatch} editorType="markdown" />;
}

function renderFields(initial = createComposer({ type: 'link', blogName: 'ann', editorType: 'markdown' })) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness initial={initial} />
    </QueryClientProvider>,
  );
}

/** The form editing a link post to https://news.example/old, with its excerpt and thumbnail. */
const editingOld = () =>
  fromSource(
    source({ one: 'Kept', two: 'https://news.example/old', three: '', extra: { excerpt: 'Old words', thumbnail: 'https://cdn.example/old.jpg' } }),
    postView({ type: 'link' }),
    { mode: 'edit', blogName: 'ann', editorType: 'markdown' },
  );

const urlBox = () => screen.getByRole('textbox', { name: 'URL' });
const titleBox = () => screen.getByRole('textbox', { name: 'Title' }) as HTMLTextAreaElement;
const LOADING = 'Loading OpenGraph data.';

afterEach(() => vi.restoreAllMocks());

describe('LinkFields', () => {
  it('says it is loading, holds the save meanwhile, then fills in the title and the preview card', async () => {
    let answer!: (value: Answer) => void;
    const asked = fakePreview(new Promise<Answer>((resolve) => (answer = resolve)));
    renderFields();
    fireEvent.change(urlBox(), { target: { value: 'https://news.example/story' } });
    expect(await screen.findByText(LOADING, {}, { timeout: 3000 })).toBeTruthy();
    await waitFor(() => expect(validate(latest)).toBe(LOADING));
    await waitFor(() => expect(asked).toEqual(['https://news.example/story']));

    await act(async () => answer([200, PREVIEW]));
    await waitFor(() => expect(titleBox().value).toBe('The story'));
    expect(screen.queryByText(LOADING)).toBeNull();
    await waitFor(() => expect(validate(latest)).toBeNull());
    const card = screen.getByRole('figure', { name: 'Link preview' });
    expect(card.textContent).toContain('What happened, in short.');
    expect(card.textContent).toContain('News Example');
    expect(screen.getByRole('img', { name: 'Link thumbnail' }).getAttribute('src')).toBe('https://cdn.example/lead.jpg');
    expect(toPayload(latest, 'ann')).toMatchObject({
      'post[one]': 'The story', excerpt: 'What happened, in short.', author: 'Ann Lee', thumbnail: 'https://cdn.example/lead.jpg',
    });
  });

  it('removes the thumbnail, and the save says so', async () => {
    fakePreview([200, PREVIEW]);
    const user = userEvent.setup();
    renderFields();
    await user.type(urlBox(), 'https://news.example/story');
    await user.tab();
    await user.click(await screen.findByRole('button', { name: 'Remove thumbnail' }));
    expect(screen.queryByRole('img', { name: 'Link thumbnail' })).toBeNull();
    expect(screen.getByRole('figure', { name: 'Link preview' }).textContent).toContain('What happened, in short.');
    const payload = toPayload(latest, 'ann');
    expect(payload.remove_thumbnail).toBe('1');
    expect(payload.thumbnail).toBeUndefined();
  });

  it('previews at once when the field is left, and keeps a title the person typed', async () => {
    const asked = fakePreview([200, PREVIEW]);
    const user = userEvent.setup();
    renderFields();
    await user.type(titleBox(), 'My own words');
    fireEvent.change(urlBox(), { target: { value: 'https://news.example/story' } });
    fireEvent.blur(urlBox());
    await waitFor(() => expect(asked).toEqual(['https://news.example/story']));
    await screen.findByRole('img', { name: 'Link thumbnail' });
    expect(titleBox().value).toBe('My own words');
    expect(latest.content).toMatchObject({ excerpt: 'What happened, in short.', title: 'My own words' });
  });

  it('shows a failed preview inline without holding the save, and drops what the old address gave', async () => {
    fakePreview([400, 'That address points inside a private network, so we will not fetch it.']);
    renderFields(editingOld());
    expect(screen.getByRole('figure', { name: 'Link preview' })).toBeTruthy();
    fireEvent.change(urlBox(), { target: { value: 'http://10.0.0.1/' } });
    fireEvent.blur(urlBox());
    expect((await screen.findByRole('alert')).textContent).toBe('That address points inside a private network, so we will not fetch it.');
    await waitFor(() => expect(validate(latest)).toBeNull());
    expect(screen.queryByRole('figure')).toBeNull();
    expect(latest.content).toMatchObject({ title: 'Kept', excerpt: '', thumbnail: '' });
  });

  it('asks nothing for an address that is not a web address', async () => {
    const asked = fakePreview([200, PREVIEW]);
    renderFields();
    fireEvent.change(urlBox(), { target: { value: 'news.example/story' } });
    fireEvent.blur(urlBox());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(asked).toEqual([]);
    expect(validate(latest)).toBe('Not a valid URL');
  });

  it('shows the stored thumbnail of a post being edited, without fetching its address again', async () => {
    const asked = fakePreview([200, PREVIEW]);
    renderFields(editingOld());
    expect(screen.getByRole('img', { name: 'Link thumbnail' }).getAttribute('src')).toBe('https://cdn.example/old.jpg');
    fireEvent.blur(urlBox());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(asked).toEqual([]);
    expect(toPayload(latest, 'ann')).toMatchObject({ thumbnail: 'https://cdn.example/old.jpg', excerpt: 'Old words' });
  });
});
