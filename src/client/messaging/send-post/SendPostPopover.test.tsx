import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostView } from '../../../shared/posts/types';
import * as shareApi from '../../api/share';
import * as api from '../api';
import { messagingUi } from '../store';
import { canSendPost, PLACEHOLDER_DISCUSS, PLACEHOLDER_SAY } from './send-post';
import { SendPostPopover } from './SendPostPopover';

vi.mock('../api', async (original) => ({
  ...(await original<typeof import('../api')>()),
  fetchPostRecipients: vi.fn(),
  searchParticipants: vi.fn(),
  sendMessage: vi.fn(),
}));
vi.mock('../../api/share', () => ({
  useShareData: () => ({
    data: { post_id: '5', tumblelog_name: 'ann', post_url: 'https://x/post/5', post_summary: 'Boats', show_email: true, has_user: true, show_facebook: true, show_twitter: showTwitter, show_pinterest: false, show_reddit: true },
  }),
  useEmailShare: () => ({ mutateAsync: vi.fn() }),
  shareToNetwork: vi.fn(),
  facebookStatus: vi.fn(async () => ({ label: '' })),
}));

let showTwitter = false;
const CAROL = { uuid: 'uuid-carol', name: 'carol', url: '/blog/carol', can_receive_messages: true };
const DAN = { uuid: 'uuid-dan', name: 'dan', url: '/blog/dan', can_receive_messages: true };
const MUTED = { uuid: 'uuid-muted', name: 'muted', url: '/blog/muted', can_receive_messages: false };
const post = { id: '5', blog: { name: 'ann', uuid: 'uuid-ann' } } as PostView;

function renderPopover() {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SendPostPopover post={post} sender={{ uuid: 'uuid-me', name: 'me' }} ownNames={['me']} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

describe('the send-a-post popover (spec 2 §4)', () => {
  beforeEach(() => {
    messagingUi.reset();
    vi.mocked(api.fetchPostRecipients).mockResolvedValue({ blogs: [CAROL, MUTED], suggested: [DAN, MUTED] });
    vi.mocked(api.sendMessage).mockReset();
  });

  it('shows favorites that can receive messages, and the networks row until a blog is picked', async () => {
    renderPopover();
    expect(screen.getByPlaceholderText('Message to...')).toBeTruthy();
    await screen.findByRole('button', { name: 'carol' });
    expect(screen.queryByRole('button', { name: 'muted' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Share elsewhere' }).textContent).toBe('EmailFacebookReddit');

    fireEvent.click(screen.getByRole('button', { name: 'carol' }));
    expect(screen.getByPlaceholderText(PLACEHOLDER_SAY)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Share elsewhere' })).toBeNull();
    expect(screen.queryByPlaceholderText('Message to...')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove carol' }));
    expect(screen.getByPlaceholderText('Message to...')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Share elsewhere' })).toBeTruthy();
  });

  it('sends the post, then the text, shows Sending... meanwhile, opens the conversation and closes', async () => {
    let finish!: () => void;
    vi.mocked(api.sendMessage)
      .mockImplementationOnce(() => new Promise((resolve) => (finish = () => resolve({ id: '42', messages: { data: [] } }))))
      .mockResolvedValueOnce({ id: '42', messages: { data: [] } });
    const { onClose } = renderPopover();
    fireEvent.click(await screen.findByRole('button', { name: 'carol' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: ' look at this ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const sendingButton = await screen.findByRole('button', { name: 'Sending...' });
    expect((sendingButton as HTMLButtonElement).disabled).toBe(true);
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const calls = vi.mocked(api.sendMessage).mock.calls;
    expect(calls.map(([target, item]) => [target, item.type, item.post?.id, item.text])).toEqual([
      [{ participant: 'uuid-me', participants: ['uuid-me', 'uuid-carol'] }, 'POSTREF', '5', ''],
      [{ participant: 'uuid-me', conversationId: '42' }, 'TEXT', undefined, 'look at this'],
    ]);
    expect(messagingUi.get().windows.map((w) => w.id)).toEqual(['42']);
  });

  it('cannot send to the sender’s own blog or while sending', () => {
    expect(canSendPost({ sending: false, recipient: { name: 'carol' }, ownNames: ['me'] })).toBe(true);
    expect(canSendPost({ sending: false, recipient: { name: 'me' }, ownNames: ['me'] })).toBe(false);
    expect(canSendPost({ sending: true, recipient: { name: 'carol' }, ownNames: ['me'] })).toBe(false);
    expect(canSendPost({ sending: false, recipient: null, ownNames: ['me'] })).toBe(false);
  });

  it('shares to a network through POST /svc/share/{network}: Sending... meanwhile, then the window the server names', async () => {
    const popup = { opener: {} as unknown, closed: false, close: vi.fn(), location: { href: 'about:blank' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    let answer!: (value: Awaited<ReturnType<typeof shareApi.shareToNetwork>>) => void;
    vi.mocked(shareApi.shareToNetwork).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderPopover();
    fireEvent.click(screen.getByRole('button', { name: 'Reddit' }));
    // The window opens in the click (a later one would be blocked), blank until the answer.
    expect(open).toHaveBeenCalledWith('about:blank', 'reddit', expect.stringContaining('width=860,height=600'));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeTruthy();
    expect(vi.mocked(shareApi.shareToNetwork)).toHaveBeenCalledWith('reddit', { post_id: '5', tumblelog_name: 'ann', share_fallback: 'popup' });
    answer({ network: 'reddit', posted: false, share_window: { url: 'https://www.reddit.com/submit?url=x', name: 'reddit' } });
    await screen.findByRole('button', { name: 'Reddit' });
    expect(popup.location.href).toBe('https://www.reddit.com/submit?url=x');
    expect(popup.opener).toBeNull();
    open.mockRestore();
  });

  it("a refused network share closes the blank window and says 'Something went screwy.'", async () => {
    const popup = { opener: null, closed: false, close: vi.fn(), location: { href: 'about:blank' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    vi.mocked(shareApi.shareToNetwork).mockRejectedValueOnce(new Error('403'));
    renderPopover();
    fireEvent.click(screen.getByRole('button', { name: 'Facebook' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went screwy.');
    expect(popup.close).toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith('about:blank', 'facebook', expect.stringContaining('width=626,height=436'));
    open.mockRestore();
  });

  it("offers the extra suggested recipients (recent conversations); picking one reads 'Discuss this post if you like...'", async () => {
    renderPopover();
    const row = await screen.findByRole('list', { name: 'Suggested' });
    expect(row.textContent).toBe('dan');
    expect(screen.getByText('Recent conversations')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'dan' }));
    expect(screen.getByPlaceholderText(PLACEHOLDER_DISCUSS)).toBeTruthy();
    // Back, and a favorite instead: the usual invitation.
    fireEvent.click(screen.getByRole('button', { name: 'Remove dan' }));
    fireEvent.click(screen.getByRole('button', { name: 'carol' }));
    expect(screen.getByPlaceholderText(PLACEHOLDER_SAY)).toBeTruthy();
    expect(api.fetchPostRecipients).toHaveBeenCalledWith('uuid-me', 10);
  });

  it('hides the suggested row while searching', async () => {
    vi.mocked(api.searchParticipants).mockResolvedValue({ blogs: [CAROL] });
    renderPopover();
    await screen.findByRole('list', { name: 'Suggested' });
    fireEvent.change(screen.getByPlaceholderText('Message to...'), { target: { value: 'car' } });
    await screen.findByRole('list', { name: 'Search results' });
    expect(screen.queryByRole('list', { name: 'Suggested' })).toBeNull();
  });

  it('Facebook: a subview with Back, an optional message of at most 255, the account asked for, then its window', async () => {
    const popup = { opener: {}, closed: false, close: vi.fn(), location: { href: 'about:blank' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    vi.mocked(shareApi.shareToNetwork).mockResolvedValueOnce({ network: 'facebook', posted: false, share_window: { url: 'https://www.facebook.com/sharer/sharer.php?u=x', name: 'facebook' } });
    const { onClose } = renderPopover();
    fireEvent.click(screen.getByRole('button', { name: 'Facebook' }));
    const form = await screen.findByRole('form', { name: 'Share on Facebook' });
    expect(vi.mocked(shareApi.facebookStatus)).toHaveBeenCalled();
    expect(await screen.findByText('No Facebook account is linked here: Share opens Facebook’s own window, with your message copied to paste there.')).toBeTruthy();
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect(message.getAttribute('maxlength')).toBe('255');
    expect(form.contains(screen.getByRole('button', { name: 'Back' }))).toBe(true);
    fireEvent.change(message, { target: { value: 'Look at this' } });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(vi.mocked(shareApi.shareToNetwork)).toHaveBeenLastCalledWith('facebook', { post_id: '5', tumblelog_name: 'ann', share_fallback: 'popup', message: 'Look at this' });
    expect(open).toHaveBeenCalledWith('about:blank', 'facebook', expect.stringContaining('width=626,height=436'));
    expect(popup.location.href).toBe('https://www.facebook.com/sharer/sharer.php?u=x');
    open.mockRestore();
  });

  it('Twitter: 140 with a URL counted 23, the counter going negative, Back to the networks', async () => {
    showTwitter = true;
    try {
      renderPopover();
      fireEvent.click(screen.getByRole('button', { name: 'Twitter' }));
      const tweet = await screen.findByRole('textbox', { name: 'Tweet' });
      expect((tweet as HTMLTextAreaElement).value).toBe('Boats [URL]');
      // 'Boats ' is 6, the link 23: 111 left.
      expect(screen.getByTestId('tweet-count').textContent).toBe('111');
      fireEvent.change(tweet, { target: { value: `${'x'.repeat(116)} https://example.org/a/very/long/address/indeed` } });
      expect(screen.getByTestId('tweet-count').textContent).toBe('0');
      expect((screen.getByRole('button', { name: 'Share' }) as HTMLButtonElement).disabled).toBe(false);
      fireEvent.change(tweet, { target: { value: `${'x'.repeat(117)} [URL]` } });
      expect(screen.getByTestId('tweet-count').textContent).toBe('-1');
      expect((screen.getByRole('button', { name: 'Share' }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.change(tweet, { target: { value: '' } });
      expect((screen.getByRole('button', { name: 'Share' }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByRole('list', { name: 'Share elsewhere' })).toBeTruthy();
    } finally {
      showTwitter = false;
    }
  });
});
