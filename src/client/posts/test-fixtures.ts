// Post views and fetch answers for the post form's tests.
import type { PostBlog, PostFormSource, PostView } from '../../shared/posts/types';
import type { Channel } from '../../shared/types';

export const blog = (name: string): PostBlog => ({
  name, uuid: `t:${name}`, title: name, url: `https://${name}.example.com/`, avatar_url: `/svc/avatar/${name}/64`, is_adult: false,
});

export function postView(overrides: Partial<PostView> = {}): PostView {
  return {
    id: '1001', type: 'text', state: '0', state_name: 'published', blog: blog('ann'), post_url: 'https://ann.example.com/post/1001',
    slug: 'hello', date: '2024-03-05T10:20:30.000Z', publish_on: null, tags: ['one', 'two'], source_url: null, editor_type: 'rich',
    content: { type: 'text', title: 'Hello', body_html: '<p>World</p>' },
    is_reblog: false, reblog_key: 'key1001', reblogged_from: null, root_id: '1001', trail: [], is_private: false,
    allow_answers: false, allow_photo_replies: false, members_only: false, owner_flagged_nsfw: false, can_be_liked: true, can_be_reblogged: true,
    note_count: 0, is_mine: true, liked: false, reblogged: false, is_promoted: false, can_reply: true,
    carousel_display: false, carousel_link_url: null, cta: null, is_sensitive: false,
    ...overrides,
  };
}

export const source = (overrides: Partial<PostFormSource> = {}): PostFormSource => ({
  one: 'Hello', two: '<p>World</p>', three: '', extra: { tags: 'one,two', slug: 'hello', date: '2024-03-05T10:20:30.000Z', editor_type: 'rich' },
  ...overrides,
});

export function channel(name: string, isCurrent = false): Channel {
  return {
    name, uuid: `t:${name}`, url: `https://${name}.example.com/`, blog_view_url: `/blog/${name}`, title: name,
    description_sanitized: '', directory_safe_title: name, avatar_url: '', avatar_url_48: '', avatar_url_128: '',
    is_adult: false, is_current: isCurrent, has_default_header: true, cname: null,
    global_theme_params: {
      background_color: '#fff', title_color: '#000', link_color: '#00f', title_font: 'Gibson', title_font_weight: 'bold',
      show_title: true, show_description: true, show_avatar: true, avatar_shape: 'circle', show_header_image: true,
      header_image_focused: null, header_stretch: true,
    },
    unread_count: 0, can_send_messages: true, is_primary: isCurrent,
  };
}
