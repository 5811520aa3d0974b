import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messageLinks } from '../../shared/messaging/links';
import { renderWithApp } from '../test/test-utils';
import { MessageBody } from './MessageBubble';
import type { Message } from './types';

const SITE = window.location.origin;

const textMessage = (text: string, extra: Partial<Message> = {}): Message => ({
  ts: '1',
  type: 'TEXT',
  participant: 'uuid-bob',
  content: { text, formatting: messageLinks(text, SITE) },
  ...extra,
});

describe('a message with links (issue 26)', () => {
  it('draws an outside address as a link to a new tab that does not vouch for it', () => {
    renderWithApp(<MessageBody message={textMessage('look: https://example.org/a. ok')} />);
    const link = screen.getByRole('link', { name: 'https://example.org/a' });
    expect(link.getAttribute('href')).toBe('https://example.org/a');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(link.closest('p')!.textContent).toBe('look: https://example.org/a. ok');
  });

  it("opens this site's blog and post addresses in the app, and a conversation address in place", () => {
    const text = `${SITE}/blog/ann and ${SITE}/blog/ann/post/42/hi and ${SITE}/messaging/conversation/cy`;
    renderWithApp(<MessageBody message={textMessage(text)} />);
    const blog = screen.getByRole('link', { name: `${SITE}/blog/ann` });
    expect(blog.getAttribute('href')).toBe('/blog/ann');
    expect(blog.getAttribute('target')).toBeNull();
    expect(screen.getByRole('link', { name: `${SITE}/blog/ann/post/42/hi` }).getAttribute('href')).toBe('/blog/ann/post/42/hi');
    expect(screen.getByRole('link', { name: `${SITE}/messaging/conversation/cy` }).getAttribute('href')).toBe('/messaging/conversation/cy');
  });

  it('shows the card of a linked post under the text', () => {
    const text = `${SITE}/blog/ann/post/42`;
    const post = { id: '42', blog_name: 'ann', summary: 'A fine post', state: 'published', post_url: `${SITE}/blog/ann/post/42`, type: 'text' } as Message['post'];
    renderWithApp(<MessageBody message={textMessage(text, { post })} />);
    expect(screen.getByText('A fine post').closest('a')!.getAttribute('href')).toBe('/blog/ann/post/42');
  });

  it('draws text whose entries do not fit it as plain text', () => {
    const message = textMessage('short', { content: { text: 'short', formatting: [{ type: 'link', position: { start: 2, end: 40 }, attributes: { url: 'https://example.org/' } }] } });
    renderWithApp(<MessageBody message={message} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('short')).toBeTruthy();
  });
});
