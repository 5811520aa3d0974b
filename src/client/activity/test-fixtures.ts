// Test data for the activity components: user info with blogs, notifications, server answers.
import type { ActivityBlog, ActivityNotification } from '../../shared/activity/types';
import { LIMITS } from '../../shared/constants';
import { NO_FEATURES } from '../../shared/flags';
import type { Channel, UserInfoResponse } from '../../shared/types';
import { blogFixture } from '../test-blog';

// The date headers are checked against a fixed "now": Thursday, November 19, 2026, 09:30 local time.
export const NOW = new Date(2026, 10, 19, 9, 30);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
export const hoursAgo = (hours: number) => seconds(new Date(NOW.getTime() - hours * 3_600_000));

const channel = (name: string, extra: Partial<Channel> = {}): Channel => ({
  ...blogFixture(name),
  unread_count: 0,
  can_send_messages: true,
  is_primary: false,
  activity_unread: 0,
  ...extra,
});

export function userInfo(channels: Channel[] = [channel('ann', { is_current: true, is_primary: true, activity_unread: 3 })]): UserInfoResponse {
  return {
    form_key: 'fk',
    user: {
      name: channels[0]!.name, email: 'ann@example.com', liked_post_count: 0, friend_count: 0, channels, primary: channels[0]!.name,
      can_message: true, is_sounds_enabled: true, is_verified_email: true, safe_mode: false, unread_count: 0,
      limits: LIMITS, language: 'en_US', defaultEditorType: 'rich', features: NO_FEATURES, is_admin: false,
    },
  };
}
export { channel };

export const from = (name: string, extra: Partial<ActivityBlog> = {}): ActivityBlog => ({
  name,
  title: name,
  avatar_url: `http://localhost:3000/svc/avatar/${name}/96`,
  url: `http://localhost:3000/blog/${name}`,
  is_adult: false,
  is_own: false,
  following: false,
  ...extra,
});

let nextId = 1000;
export function notification(extra: Partial<ActivityNotification> & Pick<ActivityNotification, 'type' | 'message'>): ActivityNotification {
  return { id: String(nextId--), timestamp: hoursAgo(1), unread: true, ...extra };
}

export const likedPost = {
  url: 'http://localhost:3000/blog/ann/post/77/sunset',
  tumblelog: 'ann',
  id: '77',
  type: 'photo' as const,
  media_url: '/media/sunset.jpg',
  video_thumbnail_url: null,
  is_ask: false,
  is_answer: false,
  summary: 'Sunset over the bay',
};
