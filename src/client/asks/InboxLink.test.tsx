import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/fixtures';
import { mockServer, renderWithApp } from '../test/test-utils';
import { InboxLink } from './InboxLink';

afterEach(() => vi.restoreAllMocks());

describe("the account menu's link to the asks inbox", () => {
  it("is called 'Asks and submissions', not Inbox (the header's Inbox is the messages'), and counts what waits", async () => {
    mockServer(() => envelope({ counts: { ann: 2 } }));
    renderWithApp(<InboxLink blogName="ann" onClick={() => {}} />);
    const link = screen.getByRole('link', { name: /^Asks and submissions/ });
    expect(link.getAttribute('href')).toBe('/blog/ann/inbox');
    expect(await screen.findByText('2')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Inbox/ })).toBeNull();
  });
});
