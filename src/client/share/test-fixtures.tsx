// Share popover test support: share data, a fetch that answers by URL, and a render with a query client.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { SharePopoverData } from '../../shared/share/types';

export function shareData(extra: Partial<SharePopoverData> = {}): SharePopoverData {
  return {
    abuse_url: 'http://site.test/svc/post/report',
    embed_code: '<iframe id="tumbleweed-embed-abc" src="http://site.test/embed/post/ann/7?key=k" width="540" height="600"></iframe>',
    embed_did: 'abc',
    embed_key: 'k',
    form_key: 'fk',
    has_facebook: false,
    has_user: true,
    is_private: false,
    permalink_label: 'site.test/blog/ann/post/7/sunset',
    post_id: '7',
    post_tiny_url: 'http://site.test/p/7',
    post_url: 'http://site.test/blog/ann/post/7/sunset',
    root_id: '7',
    tumblelog_name: 'ann',
    twitter_username: null,
    pinterest_share_window: { url: 'https://www.pinterest.com/pin/create/button/?url=x', name: 'pinterest', dimensions: { width: 750, height: 550 } },
    tumblelog_share: false,
    post_summary: 'Sunset over the bay',
    show_email: true,
    show_embed: true,
    show_facebook: true,
    show_permalink: true,
    show_pinterest: true,
    show_reporting_links: true,
    show_twitter: true,
    show_reddit: true,
    show_flagging: true,
    ...extra,
  };
}

export const envelope = (response: unknown, status = 200, msg = 'OK') =>
  new Response(JSON.stringify({ meta: { status, msg }, response: status === 200 ? response : {}, errors: status === 200 ? undefined : [{ code: 1, title: msg }] }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export interface Call {
  url: string;
  body: Record<string, unknown> | undefined;
}

type Answer = (call: Call) => Response | Promise<Response>;

/**
 * Answers the share data with `data`, user info with a user (or 401 when logged out), and every
 * other call with `other`. Returns the calls made.
 */
export function serve(data: SharePopoverData, other: Answer = () => envelope({}), user: Record<string, unknown> = { is_verified_email: true }) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call: Call = { url: String(input), body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    if (call.url.startsWith('/svc/post/share/')) return envelope({ share_popover_data: data });
    if (call.url === '/svc/user/info') {
      return data.has_user ? envelope({ user: { email: 'bob@example.com', ...user }, form_key: 'fk' }) : envelope({}, 401, 'You need to log in to do that.');
    }
    return other(call);
  });
  return calls;
}

export function renderWithQuery(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}
