import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GIF_SEARCH, INVALID_GIF_RESPONSE, type GifItem } from '../../shared/search/gif';
import { setFormKey } from '../api/client';
import { NO_RESULTS_JOKES } from './gif-messages';
import { GifSearchPopover } from './GifSearchPopover';
import { answer, gif, gifs, pendingUntilAborted } from './test-fixtures';
import { gifSearchKey } from './use-gif-search';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

// The query cache tells its readers through a 0 ms timer, which fake timers would hold back.
notifyManager.setScheduler(queueMicrotask);

beforeEach(() => {
  vi.useFakeTimers();
  setFormKey('the-form-key');
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setFormKey(null);
});

function renderPopover(queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const onPick = vi.fn<(item: GifItem) => void>();
  const onClose = vi.fn<() => void>();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <GifSearchPopover onPick={onPick} onClose={onClose} />
    </QueryClientProvider>,
  );
  const input = screen.getByRole('searchbox', { name: 'Search GIFs' });
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  return { onPick, onClose, input, type, queryClient, unmount: view.unmount };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const sentBody = (call = 0) => JSON.parse(String(fetchMock.mock.calls[call]![1]!.body)) as Record<string, unknown>;
const results = () => screen.queryAllByRole('button', { name: /^GIF by / });

describe('GifSearchPopover: searching', () => {
  it('searches 250 ms after the last keystroke, once, with the form key', async () => {
    fetchMock.mockResolvedValue(answer(gifs(2)));
    const { type } = renderPopover();
    type('c');
    await wait(100);
    type('ca');
    await wait(100);
    type('Cat');
    await wait(GIF_SEARCH.debounceMs - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await wait(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/svc/search/inline_gif');
    expect(init!.method).toBe('POST');
    expect((init!.headers as Record<string, string>)['x-form-key']).toBe('the-form-key');
    expect(sentBody()).toEqual({ q: 'cat', limit: 200, context: 'post-form' });
    expect(results()).toHaveLength(2);
  });

  it('shows the loading bar while a search is under way', async () => {
    let settle: (res: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise((resolve) => (settle = resolve)));
    const { type } = renderPopover();
    type('cat');
    await wait(GIF_SEARCH.debounceMs);
    expect(screen.getByRole('progressbar', { name: 'Searching GIFs' })).toBeTruthy();
    await act(async () => settle(answer(gifs(1))));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(results()).toHaveLength(1);
  });

  it('cancels the search under way when the query changes', async () => {
    fetchMock.mockImplementationOnce(pendingUntilAborted).mockResolvedValueOnce(answer([gif(7)]));
    const { type } = renderPopover();
    type('cat');
    await wait(GIF_SEARCH.debounceMs);
    const firstSignal = fetchMock.mock.calls[0]![1]!.signal!;
    expect(firstSignal.aborted).toBe(false);
    type('dog');
    expect(firstSignal.aborted).toBe(true);
    await wait(GIF_SEARCH.debounceMs);
    expect(sentBody(1).q).toBe('dog');
    expect(results().map((b) => b.getAttribute('aria-label'))).toEqual(['GIF by blog7: cat, funny, cute']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps answers per lowercase, trimmed query for 5 minutes', async () => {
    fetchMock.mockImplementation(async () => answer(gifs(3)));
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
    const { type } = renderPopover();
    type('Cat');
    await wait(GIF_SEARCH.debounceMs);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    type('dog');
    await wait(GIF_SEARCH.debounceMs);
    type('  CAT ');
    await wait(GIF_SEARCH.debounceMs);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(results()).toHaveLength(3);

    vi.setSystemTime(new Date(Date.parse('2026-11-22T12:00:00Z') + GIF_SEARCH.cacheMs - 1000));
    type('dog');
    await wait(GIF_SEARCH.debounceMs);
    type('cat');
    await wait(GIF_SEARCH.debounceMs);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    vi.setSystemTime(new Date(Date.parse('2026-11-22T12:00:00Z') + GIF_SEARCH.cacheMs + 1000));
    type('');
    await wait(GIF_SEARCH.debounceMs);
    type('cat');
    await wait(GIF_SEARCH.debounceMs);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(sentBody(2).q).toBe('cat');
  });

  it('keeps answers in the app’s query cache, where a popover opened again finds them', async () => {
    fetchMock.mockImplementation(async () => answer(gifs(3)));
    const first = renderPopover();
    first.type('Cat');
    await wait(GIF_SEARCH.debounceMs);
    expect(first.queryClient.getQueryData(gifSearchKey('cat'))).toMatchObject({ media: gifs(3) });
    first.unmount();

    const again = renderPopover(first.queryClient);
    again.type('cat ');
    await wait(GIF_SEARCH.debounceMs);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(results()).toHaveLength(3);
  });

  it('does not search for an empty box', async () => {
    const { type } = renderPopover();
    type('   ');
    await wait(1000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('GifSearchPopover: what it shows', () => {
  it('shows at most 3 tags under each result, never gif or gifs', async () => {
    fetchMock.mockResolvedValue(answer([gif(1, { postTags: ['gif', 'cat', 'GIFS', 'funny', 'cute', 'extra'] })]));
    const { type } = renderPopover();
    type('cat');
    await wait(GIF_SEARCH.debounceMs);
    const item = results()[0]!.closest('li')!;
    expect(Array.from(item.querySelectorAll('li')).map((li) => li.textContent)).toEqual(['#cat', '#funny', '#cute']);
  });

  it('draws results in batches of 50, one batch every 5 ms', async () => {
    fetchMock.mockResolvedValue(answer(gifs(120)));
    const { type } = renderPopover();
    type('cat');
    await wait(GIF_SEARCH.debounceMs);
    expect(results()).toHaveLength(50);
    await wait(GIF_SEARCH.renderDelayMs);
    expect(results()).toHaveLength(100);
    await wait(GIF_SEARCH.renderDelayMs);
    expect(results()).toHaveLength(120);
  });

  it('lays results out in columns 150 wide with a 10 px gutter', async () => {
    fetchMock.mockResolvedValue(answer(gifs(4)));
    const { type } = renderPopover();
    type('cat');
    await wait(GIF_SEARCH.debounceMs);
    const lefts = results().map((b) => (b.closest('li') as HTMLElement).style.left);
    expect(lefts).toEqual(['0px', '160px', '320px', '0px']);
  });

  it('tells a joke when nothing turned up', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    fetchMock.mockResolvedValue(answer([]));
    const { type } = renderPopover();
    type('zzz');
    await wait(GIF_SEARCH.debounceMs);
    expect(NO_RESULTS_JOKES).toContain('Nothing turned up. Bummer.');
    expect(screen.getByText('Nothing turned up. Bummer.')).toBeTruthy();
    expect(results()).toHaveLength(0);
  });

  it('shows a server message instead, with script and link tags stripped, and the results on request', async () => {
    fetchMock.mockResolvedValue(
      answer(gifs(2), {
        header: '<script>window.hacked = true</script>Heads up',
        body: 'Some of these may be <b>spicy</b>.<link rel="stylesheet" href="/evil.css"><script src="/evil.js"></script>',
      }),
    );
    const { type } = renderPopover();
    type('cat');
    await wait(GIF_SEARCH.debounceMs);
    const dialog = screen.getByRole('dialog', { name: 'GIF search' });
    expect(within(dialog).getByText('Heads up')).toBeTruthy();
    expect(within(dialog).getByText('Some of these may be spicy.')).toBeTruthy();
    expect(dialog.querySelector('script, link, b')).toBeNull();
    expect(dialog.textContent).not.toContain('hacked');
    expect(results()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'View results anyway' }));
    expect(results()).toHaveLength(2);
    expect(within(dialog).queryByText('Heads up')).toBeNull();
  });

  it('shows a server message without the link when there are no results, and no joke', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    fetchMock.mockResolvedValue(answer([], { header: 'Search for a GIF', body: 'Type a word.' }));
    const { type } = renderPopover();
    type('!!');
    await wait(GIF_SEARCH.debounceMs);
    expect(screen.getByText('Search for a GIF')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View results anyway' })).toBeNull();
    expect(screen.queryByText('Nothing turned up. Bummer.')).toBeNull();
  });

  it.each([
    ['an empty body', () => new Response('', { status: 200 })],
    ['an empty response', () => new Response(JSON.stringify({ meta: { status: 200, msg: 'OK' }, response: {} }), { status: 200 })],
    ['media that is not a list', () => new Response(JSON.stringify({ meta: { status: 200, msg: 'OK' }, response: { media: 'x' } }), { status: 200 })],
  ])('says "Invalid GIF search response" for %s', async (_, make) => {
    fetchMock.mockResolvedValue(make());
    const { type } = renderPopover();
    type('cat');
    await wait(GIF_SEARCH.debounceMs);
    expect(screen.getByText(INVALID_GIF_RESPONSE)).toBeTruthy();
  });

  it('shows the server’s message for a refused search', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ meta: { status: 400, msg: 'Keep the search to 200 characters or fewer.' }, response: {}, errors: [] }), { status: 400 }),
    );
    const { type } = renderPopover();
    type('cat');
    await wait(GIF_SEARCH.debounceMs);
    expect(screen.getByText('Keep the search to 200 characters or fewer.')).toBeTruthy();
  });
});

// user-event waits on real timers (Testing Library's async wrapper only knows Jest's fake ones).
describe('GifSearchPopover: keyboard', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });

  it('moves through results with the arrow keys, picks with Enter and closes with Escape', async () => {
    fetchMock.mockResolvedValue(answer(gifs(6)));
    const user = userEvent.setup();
    const { input, onPick, onClose } = renderPopover();
    await user.type(input, 'cat');
    await waitFor(() => expect(results()).toHaveLength(6));
    const buttons = results();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(buttons[1]);
    // Three columns of equal heights: down is three results on.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(buttons[4]);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(buttons[3]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(input);
    await user.keyboard('{ArrowDown}{ArrowRight}{ArrowRight}{Enter}');
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick.mock.calls[0]![0].postId).toBe('3');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Enter in the search box from submitting a form around it', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <QueryClientProvider client={new QueryClient()}>
        <form onSubmit={onSubmit}>
          <GifSearchPopover onPick={() => {}} onClose={() => {}} />
        </form>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search GIFs' }), 'cat{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
