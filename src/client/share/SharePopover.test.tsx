import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHARE_FADE_DELAY_MS, SHARE_FADE_MS } from '../../shared/share/constants';
import { REPORT_THANKS } from '../../shared/share/report';
import { setFormKey } from '../api/client';
import { SharePopover } from './SharePopover';
import { envelope, renderWithQuery, serve, shareData, type Call } from './test-fixtures';

const clearCookie = () => {
  document.cookie = 'share_allow_reply_to=; max-age=0; path=/';
};

beforeEach(() => {
  setFormKey('fk');
  clearCookie();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setFormKey(null);
  clearCookie();
});

function open(props: { forceEmailFallback?: boolean } = {}) {
  const onClose = vi.fn<() => void>();
  const view = renderWithQuery(<SharePopover blog="ann" postId="7" onClose={onClose} {...props} />);
  return { onClose, ...view };
}

const options = () => within(screen.getByRole('list', { name: 'Share options' }));
const optionNames = () => options().getAllByRole('button').concat(options().queryAllByRole('link')).map((o) => o.getAttribute('data-option'));
const sends = (calls: Call[]) => calls.filter((c) => c.url === '/svc/share/email');

async function openEmail() {
  fireEvent.click(await screen.findByRole('button', { name: 'Email' }));
  return {
    address: screen.getByLabelText('To') as HTMLInputElement,
    message: screen.getByLabelText('Message (optional)') as HTMLTextAreaElement,
    send: () => screen.getByRole('button', { name: /^(Send|Sending\.\.\.|Sent!|Error!)$/ }) as HTMLButtonElement,
    cancel: () => screen.getByRole('button', { name: 'Cancel' }),
  };
}

describe('SharePopover: the option list', () => {
  it('asks for the share data and lists every option the show_ flags allow', async () => {
    const calls = serve(shareData());
    open();
    await screen.findByRole('list', { name: 'Share options' });
    expect(calls[0]!.url).toBe('/svc/post/share/ann/7');
    expect(optionNames().sort()).toEqual(['email', 'embed', 'facebook', 'permalink', 'pinterest', 'reddit', 'report', 'twitter'].sort());
    // The first option takes the focus, for keyboard users.
    expect(document.activeElement?.getAttribute('data-option')).toBe('permalink');
  });

  it('leaves out embed, Reddit and Report when their flags are off', async () => {
    serve(shareData({ show_embed: false, embed_code: '', show_reddit: false, show_reporting_links: false, show_flagging: false }));
    open();
    await screen.findByRole('list', { name: 'Share options' });
    expect(optionNames().sort()).toEqual(['email', 'facebook', 'permalink', 'pinterest', 'twitter'].sort());
  });

  it('says there is nothing to share on a post only its owner sees', async () => {
    const none = Object.fromEntries(Object.keys(shareData()).filter((k) => k.startsWith('show_')).map((k) => [k, false]));
    serve(shareData({ ...none, is_private: true }));
    open();
    expect(await screen.findByText('Only you can see this post, so there is nothing to share.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('copies the permalink and says so', async () => {
    serve(shareData());
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open();
    fireEvent.click(await screen.findByRole('button', { name: /Permalink/ }));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('http://site.test/blog/ann/post/7/sunset');
  });

  it('shows the embed code read-only, and Cancel goes back to the list with Embed focused', async () => {
    serve(shareData());
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Embed' }));
    const code = screen.getByLabelText('Paste this code into your site') as HTMLTextAreaElement;
    expect(code.readOnly).toBe(true);
    expect(code.value).toBe(shareData().embed_code);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('list', { name: 'Share options' });
    expect(document.activeElement?.getAttribute('data-option')).toBe('embed');
  });

  it('opens Facebook, Pinterest and Reddit in popups of the spec sizes, and closes', async () => {
    serve(shareData());
    const windowOpen = vi.spyOn(window, 'open').mockReturnValue(null);
    const { onClose } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Facebook' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pinterest' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reddit' }));
    const [facebook, pinterest, reddit] = windowOpen.mock.calls;
    expect(facebook![0]).toBe('https://www.facebook.com/sharer/sharer.php?u=http%3A%2F%2Fsite.test%2Fblog%2Fann%2Fpost%2F7%2Fsunset');
    expect(facebook![2]).toMatch(/width=626,height=436/);
    expect(pinterest![0]).toBe('https://www.pinterest.com/pin/create/button/?url=x');
    expect(pinterest![2]).toMatch(/width=750,height=550/);
    expect(reddit![0]).toBe('https://www.reddit.com/submit?url=http%3A%2F%2Fsite.test%2Fblog%2Fann%2Fpost%2F7%2Fsunset&title=Sunset+over+the+bay');
    expect(reddit![2]).toMatch(/width=860,height=600/);
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});

describe('SharePopover: email', () => {
  it('enables Send only for an address of the loose pattern', async () => {
    serve(shareData());
    open();
    const form = await openEmail();
    expect(form.address.maxLength).toBe(100);
    expect(form.message.maxLength).toBe(255);
    expect(form.send().disabled).toBe(true);
    for (const [typed, enabled] of [['friend', false], ['friend@', false], ['friend@example', false], ['friend@example.org', true], ['a b@example.org', false]] as const) {
      fireEvent.change(form.address, { target: { value: typed } });
      expect(form.send().disabled, typed).toBe(!enabled);
    }
  });

  it('Cancel first clears a typed address, then goes back to the list', async () => {
    serve(shareData());
    open();
    const form = await openEmail();
    fireEvent.change(form.address, { target: { value: 'friend@exa' } });
    fireEvent.click(form.cancel());
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('To'));
    fireEvent.click(form.cancel());
    await screen.findByRole('list', { name: 'Share options' });
    expect(document.activeElement?.getAttribute('data-option')).toBe('email');
  });

  it("sends, shows 'Sending...' then 'Sent!', and fades out after 1250 ms over 150 ms", async () => {
    let settle: (res: Response) => void = () => {};
    const calls = serve(shareData(), () => new Promise<Response>((resolve) => (settle = resolve)));
    const { onClose, container } = open();
    const form = await openEmail();
    fireEvent.change(form.address, { target: { value: ' friend@example.org ' } });
    fireEvent.change(form.message, { target: { value: 'Look!' } });
    vi.useFakeTimers();
    fireEvent.click(form.send());
    expect(form.send().textContent).toBe('Sending...');
    expect(form.send().disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sends(calls)).toHaveLength(1);
    expect(form.send().textContent).toBe('Sending...');
    await act(async () => {
      settle(envelope({ sent: true, remaining: 9 }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(form.send().textContent).toBe('Sent!');
    expect(sends(calls)[0]!.body).toEqual({
      email_address: 'friend@example.org', message: 'Look!', post_id: '7', tumblelog_name: 'ann', allow_reply_to: false, share_fallback: false,
    });
    const root = container.firstElementChild!;
    await act(() => vi.advanceTimersByTimeAsync(SHARE_FADE_DELAY_MS - 1));
    expect(root.getAttribute('data-fading')).toBe('false');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(root.getAttribute('data-fading')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(SHARE_FADE_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows 'Error!' and the server's reason, and enables the button again", async () => {
    serve(shareData(), () => envelope({}, 429, 'Too many emailed shares: at most 10 an hour. Try again in 5 minutes (at 10:05 UTC).'));
    const { onClose } = open();
    const form = await openEmail();
    fireEvent.change(form.address, { target: { value: 'friend@example.org' } });
    fireEvent.click(form.send());
    await waitFor(() => expect(form.send().textContent).toBe('Error!'));
    expect(form.send().disabled).toBe(false);
    expect(screen.getByRole('alert').textContent).toMatch(/^Too many emailed shares: at most 10 an hour/);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("remembers the 'Let them reply to' switch in a cookie for a year, and sends it", async () => {
    const calls = serve(shareData(), () => envelope({ sent: true, remaining: 9 }));
    open();
    const form = await openEmail();
    const replySwitch = screen.getByRole('switch', { name: /^Let them reply to/ }) as HTMLInputElement;
    expect(replySwitch.checked).toBe(false);
    const cookieWrites: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookieWrites.push(value);
      descriptor.set!.call(document, value);
    });
    fireEvent.click(replySwitch);
    expect(cookieWrites).toEqual(['share_allow_reply_to=1; max-age=31536000; path=/; samesite=lax']);
    expect(document.cookie).toContain('share_allow_reply_to=1');
    await waitFor(() => expect(screen.getByText('bob@example.com')).toBeTruthy());
    fireEvent.change(form.address, { target: { value: 'friend@example.org' } });
    fireEvent.click(form.send());
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(sends(calls)[0]!.body).toMatchObject({ allow_reply_to: true });
  });

  it('starts with the switch on when the cookie says so', async () => {
    document.cookie = 'share_allow_reply_to=1; path=/';
    serve(shareData());
    open();
    await openEmail();
    expect((screen.getByRole('switch', { name: /^Let them reply to/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('is a mailto: link for logged-out visitors, with no form and no switch', async () => {
    serve(shareData({ has_user: false, form_key: null, show_reporting_links: false, show_flagging: false }));
    open();
    const link = await screen.findByRole('link', { name: /Email/ });
    const href = link.getAttribute('href')!;
    expect(href.startsWith('mailto:?subject=')).toBe(true);
    expect(decodeURIComponent(href)).toContain('http://site.test/blog/ann/post/7/sunset');
    expect(screen.queryByRole('button', { name: 'Email' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('is a mailto: link for someone whose address is not verified yet (the server sends only for verified ones)', async () => {
    serve(shareData(), undefined, { is_verified_email: false });
    open();
    expect((await screen.findByRole('link', { name: /Email/ })).getAttribute('href')).toMatch(/^mailto:/);
    expect(screen.queryByRole('button', { name: 'Email' })).toBeNull();
  });

  it('is a mailto: link when the fallback is forced, logged in too', async () => {
    serve(shareData());
    open({ forceEmailFallback: true });
    expect((await screen.findByRole('link', { name: /Email/ })).getAttribute('href')).toMatch(/^mailto:/);
  });
});

describe('SharePopover: Twitter', () => {
  it('counts 140 with [URL] as 24, warns under 10, and refuses empty or over', async () => {
    serve(shareData());
    const windowOpen = vi.spyOn(window, 'open').mockReturnValue(null);
    const { onClose } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Twitter' }));
    const text = screen.getByLabelText('Your tweet') as HTMLTextAreaElement;
    const tweet = () => screen.getByRole('button', { name: 'Tweet' }) as HTMLButtonElement;
    const counter = () => screen.getByLabelText(/characters left$/);
    expect(text.value).toBe('Sunset over the bay [URL]');
    expect(counter().textContent).toBe(String(140 - 20 - 24));
    fireEvent.change(text, { target: { value: '' } });
    expect(counter().textContent).toBe('140');
    expect(tweet().disabled).toBe(true);
    fireEvent.change(text, { target: { value: 'x'.repeat(131) } });
    expect(counter().textContent).toBe('9');
    expect(counter().getAttribute('data-warning')).toBe('true');
    expect(tweet().disabled).toBe(false);
    fireEvent.change(text, { target: { value: 'x'.repeat(130) } });
    expect(counter().getAttribute('data-warning')).toBeNull();
    fireEvent.change(text, { target: { value: `${'x'.repeat(117)}[URL]` } });
    expect(counter().textContent).toBe('-1');
    expect(tweet().disabled).toBe(true);
    fireEvent.change(text, { target: { value: 'Look [URL]' } });
    fireEvent.click(tweet());
    expect(windowOpen).toHaveBeenCalledTimes(1);
    const [url, name, features] = windowOpen.mock.calls[0]!;
    expect(url).toBe(`https://twitter.com/intent/tweet?text=${encodeURIComponent('Look http://site.test/blog/ann/post/7/sunset').replace(/%20/g, '+')}`);
    expect(name).toBe('twitter');
    expect(features).toMatch(/width=626,height=258/);
    expect(onClose).toHaveBeenCalled();
  });
});

describe('SharePopover: report', () => {
  it('sends the reason and the note, then thanks', async () => {
    const calls = serve(shareData(), () => envelope({ report: { id: '1' }, already_reported: false }));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const submit = screen.getByRole('button', { name: 'Report' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Spam' }));
    fireEvent.change(screen.getByLabelText('Anything we should know? (optional)'), { target: { value: ' Fake watches ' } });
    fireEvent.click(submit);
    expect(await screen.findByText(REPORT_THANKS)).toBeTruthy();
    expect(calls.find((c) => c.url === '/svc/post/report')!.body).toEqual({ post_id: '7', tumblelog_name: 'ann', reason: 'spam', message: 'Fake watches' });
  });
});
