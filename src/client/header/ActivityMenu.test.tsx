import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityNotification } from '../../shared/activity/types';
import type { UserInfoResponse } from '../../shared/types';
import { USER_INFO_REFRESH_MS, useUserInfo } from '../api/user';
import { envelope } from '../test/fixtures';
import { mockServer, renderWithApp, type Call } from '../test/test-utils';
import { cardData } from '../follows/test-support';
import { ActivityMenu } from './ActivityMenu';
import { NOW, channel, from, hoursAgo, likedPost, notification, userInfo } from '../activity/test-fixtures';

/** The header's view of it: user info from the cache, as the real header reads it. */
function Tab() {
  const { data } = useUserInfo();
  return data ? <ActivityMenu info={data} /> : null;
}

const flat = (n: number) => new Array<number>(30).fill(n);

interface Setup {
  info?: UserInfoResponse;
  notifications?: Record<string, ActivityNotification[]>;
  sparkline?: number[];
  fail?: boolean;
}

function serve({ info = userInfo(), notifications = {}, sparkline = flat(0), fail = false }: Setup) {
  return mockServer((call: Call) => {
    if (call.url === '/svc/user/info') return envelope(info);
    if (call.url.startsWith('/svc/data/tumblelog')) {
      if (fail) return envelope({}, 500, 'Something went wrong on our side. Please try again later.');
      const blog = new URL(call.url, 'http://x').searchParams.get('tumblelog')!;
      return envelope({ name: blog, activity_data: { sparkline }, activity_notifications: notifications[blog] ?? [] });
    }
    if (call.url.startsWith('/svc/tumblelog_popover/')) return envelope(cardData(call.url.split('/').at(-1)!));
    if (call.url.endsWith('/seen')) return envelope({ activity_seen_id: (call.body as { id: string }).id, activity_unread: 0 });
    return envelope({}, 404, 'Not here.');
  });
}

/** The tab with one notification (cy followed), and some text beside it to press outside. */
function renderOneFollowBeside(text: string) {
  serve({ notifications: { ann: [notification({ type: 'follower', message: 'cy started following you', from_tumblelog: from('cy') })] } });
  renderWithApp(
    <>
      <Tab />
      <p>{text}</p>
    </>,
  );
}

async function openPopover() {
  fireEvent.click(await screen.findByRole('button', { name: /Activity/ }));
  return screen.findByRole('dialog', { name: 'Activity' });
}

describe('ActivityMenu', () => {
  beforeEach(() => {
    // Only Date is faked: "now" is fixed for the date headers, timers stay real for the queries.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('groups notifications under Today, Yesterday and "%d days ago" with the full date, then marks them seen', async () => {
    const newest = notification({ type: 'like', message: 'bob liked your post', from_tumblelog: from('bob'), post: likedPost, timestamp: hoursAgo(1) });
    const calls = serve({
      notifications: {
        ann: [
          newest,
          notification({ type: 'follower', message: 'cy started following you', from_tumblelog: from('cy'), timestamp: hoursAgo(12) }),
          notification({ type: 'reblog', message: 'dee reblogged your post', from_tumblelog: from('dee'), timestamp: hoursAgo(3 * 24) }),
        ],
      },
    });
    renderWithApp(<Tab />);
    expect(await screen.findByLabelText('3 unread notifications')).toBeTruthy();
    const dialog = await openPopover();

    const groups = await within(dialog).findAllByRole('region');
    expect(groups.map((g) => within(g).getByRole('heading').textContent)).toEqual([
      'TodayThursday, November 19',
      'YesterdayWednesday, November 18',
      '3 days agoMonday, November 16',
    ]);
    expect(within(groups[0]!).getByText('bob').closest('a')!.getAttribute('href')).toBe('/blog/bob');
    expect(within(groups[0]!).getByText(/liked your post/)).toBeTruthy();
    // Asked at size 96 (spec 1 §9), and the post's thumbnail links to it.
    expect(dialog.querySelector('img[src="/svc/avatar/bob/96"]')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Post: Sunset over the bay' }).getAttribute('href')).toBe(new URL(likedPost.url).pathname);

    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/svc/activity/ann/seen')).toBe(true));
    expect(calls.find((c) => c.url === '/svc/activity/ann/seen')!.body).toEqual({ id: newest.id });
    await waitFor(() => expect(screen.queryByLabelText(/unread notifications/)).toBeNull());
  });

  it('updates the unread badge from user info fetched again every minute', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    let unread = 2;
    const calls = mockServer((call: Call) =>
      call.url === '/svc/user/info' ? envelope(userInfo([channel('ann', { is_current: true, is_primary: true, activity_unread: unread })])) : envelope({}, 404, 'Not here.'),
    );
    renderWithApp(<Tab />);
    expect(await screen.findByLabelText('2 unread notifications')).toBeTruthy();
    unread = 5;
    await vi.advanceTimersByTimeAsync(USER_INFO_REFRESH_MS);
    expect(await screen.findByLabelText('5 unread notifications')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/svc/user/info')).toHaveLength(2);
  });

  it("shows 'Anonymous' without a sender, and Follow only for blogs that are neither own nor followed", async () => {
    serve({
      notifications: {
        ann: [
          notification({ type: 'ask', message: 'Anonymous sent you a question' }),
          notification({ type: 'follower', message: 'mine started following you', from_tumblelog: from('mine', { is_own: true }) }),
          notification({ type: 'like', message: 'pal liked your post', from_tumblelog: from('pal', { following: true }) }),
          notification({ type: 'follower', message: 'new-fan started following you', from_tumblelog: from('new-fan') }),
        ],
      },
    });
    renderWithApp(<Tab />);
    const dialog = await openPopover();
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByText('Anonymous')).toBeTruthy();
    expect(items[0]!.textContent).toContain('Anonymous sent you a question');
    expect(within(items[0]!).queryByRole('link', { name: 'Follow' })).toBeNull();
    expect(within(items[1]!).queryByRole('link', { name: 'Follow' })).toBeNull();
    expect(within(items[2]!).queryByRole('link', { name: 'Follow' })).toBeNull();
    expect(within(items[3]!).getByRole('link', { name: 'Follow' }).getAttribute('href')).toBe('/follow/new-fan');
  });

  it('stays open on an inside click, closes on an outside click and on Escape', async () => {
    renderOneFollowBeside('elsewhere');
    const dialog = await openPopover();
    fireEvent.pointerDown(await within(dialog).findByText(/started following you/));
    expect(screen.getByRole('dialog', { name: 'Activity' })).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(screen.queryByRole('dialog', { name: 'Activity' })).toBeNull();

    await openPopover();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Activity' })).toBeNull();
  });

  it('opens the blog card over a name, and a press inside the card keeps the popover open', async () => {
    renderOneFollowBeside('elsewhere');
    const dialog = await openPopover();
    fireEvent.pointerEnter(await within(dialog).findByRole('link', { name: 'cy' }));
    const blogCard = await screen.findByRole('dialog', { name: 'Blog card: cy' });
    // The card is not inside the popover's element (it has a portal of its own).
    expect(dialog.contains(blogCard)).toBe(false);
    fireEvent.pointerDown(await within(blogCard).findByRole('button', { name: 'Follow' }));
    expect(screen.getByRole('dialog', { name: 'Activity' })).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(screen.queryByRole('dialog', { name: 'Activity' })).toBeNull();
  });

  it("alerts 'Woops :(' when the activity cannot be loaded", async () => {
    serve({ fail: true });
    renderWithApp(<Tab />);
    const dialog = await openPopover();
    expect(await screen.findByText('Woops :(')).toBeTruthy();
    expect(within(dialog).getByText(/Activity could not be loaded/)).toBeTruthy();
  });

  it('draws the sparkline only when some day has notes, and says when there is no activity', async () => {
    serve({ sparkline: flat(0) });
    const first = renderWithApp(<Tab />);
    let dialog = await openPopover();
    expect(await within(dialog).findByText(/No activity yet/)).toBeTruthy();
    expect(within(dialog).queryByTestId('sparkline')).toBeNull();
    first.unmount();

    serve({ sparkline: [...flat(0).slice(1), 4] });
    renderWithApp(<Tab />);
    dialog = await openPopover();
    const line = await within(dialog).findByTestId('sparkline');
    expect(within(line).getByRole('link', { name: /^Today: 4 notes/ }).getAttribute('href')).toBe('/blog/ann/activity');
    expect(line.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(30);
    expect(within(dialog).getByRole('link', { name: 'See everything' }).getAttribute('href')).toBe('/blog/ann/activity');
  });

  it('has a blog selector with more than one blog, showing the chosen blog’s activity', async () => {
    const calls = serve({
      info: userInfo([channel('ann', { is_current: true, is_primary: true }), channel('ann-art')]),
      notifications: { 'ann-art': [notification({ type: 'like', message: 'zed liked your post', from_tumblelog: from('zed') })] },
    });
    renderWithApp(<Tab />);
    const dialog = await openPopover();
    const selector = within(dialog).getByRole('combobox', { name: 'Activity of' }) as HTMLSelectElement;
    expect(selector.value).toBe('ann');
    expect(await within(dialog).findByText(/No activity yet/)).toBeTruthy();
    fireEvent.change(selector, { target: { value: 'ann-art' } });
    expect(await within(dialog).findByText(/liked your post/)).toBeTruthy();
    expect(calls.some((c) => c.url.includes('tumblelog=ann-art') && c.url.includes('include_activity_notifications=1'))).toBe(true);
  });
});
