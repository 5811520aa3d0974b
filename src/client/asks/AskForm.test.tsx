import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/fixtures';
import { mockServer, renderWithApp } from '../test/test-utils';
import { AskForm } from './AskForm';

const render = (props: Partial<Parameters<typeof AskForm>[0]> = {}) => {
  const onSent = vi.fn();
  renderWithApp(<AskForm recipient="bo" anonymousAllowed loggedIn onSent={onSent} {...props} />, { path: '/blog/bo' });
  return onSent;
};
const input = () => screen.getByRole('textbox', { name: 'Your question for bo' }) as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const askButton = () => screen.getByRole('button', { name: 'Ask' }) as HTMLButtonElement;
const counter = () => document.querySelector('[data-level]');

describe('AskForm', () => {
  afterEach(() => vi.restoreAllMocks());

  it('enables Ask only for a trimmed length of 1 to 500', () => {
    render();
    expect(askButton().disabled).toBe(true);
    type('   ');
    expect(askButton().disabled).toBe(true);
    type('a');
    expect(askButton().disabled).toBe(false);
    type('a'.repeat(500));
    expect(askButton().disabled).toBe(false);
    type('a'.repeat(501));
    expect(askButton().disabled).toBe(true);
  });

  it('shows the counter from 100 left, green above 40, warning 21 to 40, danger at 20 or fewer', () => {
    render();
    type('a'.repeat(399));
    expect(counter()).toBeNull();
    const levels: Array<[number, string]> = [[100, 'ok'], [41, 'ok'], [40, 'warning'], [21, 'warning'], [20, 'danger'], [0, 'danger']];
    for (const [left, level] of levels) {
      type('a'.repeat(500 - left));
      expect(counter()?.textContent).toBe(String(left));
      expect(counter()?.getAttribute('data-level')).toBe(level);
    }
  });

  it('strips newlines as typed', () => {
    render();
    type('one\ntwo');
    expect(input().value).toBe('one two');
  });

  it('refuses links and empty questions with the spec texts, sending nothing', () => {
    const calls = mockServer(() => envelope({ sent: true }));
    render();
    type('see www.cats');
    fireEvent.click(askButton());
    expect(screen.getByRole('alert').textContent).toBe("Sorry, but please don't include links in questions.");
    type('');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('You need to enter a question!');
    expect(calls).toEqual([]);
  });

  it('sends recipient, anonymous and question, and reports success', async () => {
    const calls = mockServer(() => envelope({ sent: true }));
    const onSent = render();
    type('  Why?  ');
    fireEvent.click(screen.getByRole('switch', { name: 'Ask anonymously' }));
    fireEvent.click(askButton());
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ url: '/svc/post/ask', method: 'POST', body: { recipient: 'bo', anonymous: true, question: 'Why?' } });
  });

  it("shows the server's errors as a list", async () => {
    mockServer(() =>
      new Response(JSON.stringify({ meta: { status: 429, msg: 'Slow down.' }, response: {}, errors: [{ code: 4029, title: 'Slow down.' }, { code: 1, title: 'Second.' }] }), {
        status: 429,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const onSent = render();
    type('Hello?');
    fireEvent.click(askButton());
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Slow down.', 'Second.']);
    expect(onSent).not.toHaveBeenCalled();
  });

  it('offers the anonymous switch only to logged-in askers of blogs that allow it', () => {
    render({ anonymousAllowed: false });
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('sends a logged-out visitor to log in where the blog wants names', () => {
    render({ loggedIn: false, anonymousAllowed: false });
    expect(screen.getByRole('link', { name: 'Log in to ask' }).getAttribute('href')).toBe('/login?next=%2Fblog%2Fbo');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('logged out where anonymous asks are allowed: always anonymous, no switch', async () => {
    const calls = mockServer(() => envelope({ sent: true }));
    const onSent = render({ loggedIn: false });
    expect(screen.queryByRole('switch')).toBeNull();
    type('Hi');
    fireEvent.click(askButton());
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(calls[0]!.body).toMatchObject({ anonymous: true });
  });
});
