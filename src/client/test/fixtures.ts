// PostView fixtures for the feed's tests: one per type, a reblog with a trail, and page answers.
import type { PostBlog, PostContent, PostPage, PostView } from '../../shared/posts/types';

export const blog = (name: string, extra: Partial<PostBlog> = {}): PostBlog => ({
  name,
  uuid: `t:${name}`,
  title: `${name}'s blog`,
  // As the server builds it: absolute, on PUBLIC_URL (which need not be the host being browsed).
  url: `http://localhost:3000/blog/${name}`,
  avatar_url: `/svc/avatar/${name}/128`,
  is_adult: false,
  ...extra,
});

let nextId = 1000;

/** A published post by `ann`, seen by someone else, unless `extra` says otherwise. */
export function post(content: PostContent, extra: Partial<PostView> = {}): PostView {
  const id = extra.id ?? String(nextId++);
  const owner = extra.blog ?? blog('ann');
  return {
    id,
    type: content.type,
    state: '0',
    state_name: 'published',
    blog: owner,
    post_url: `${owner.url}/post/${id}`,
    slug: '',
    date: '2024-05-01T12:00:00.000Z',
    publish_on: null,
    tags: [],
    source_url: null,
    editor_type: 'rich',
    content,
    is_reblog: false,
    reblog_key: `key${id}`,
    reblogged_from: null,
    root_id: id,
    trail: [],
    is_private: false,
    allow_answers: false,
    allow_photo_replies: false,
    members_only: false,
    owner_flagged_nsfw: false,
    can_be_liked: true,
    can_be_reblogged: true,
    note_count: 0,
    liked: false,
    reblogged: false,
    is_promoted: false,
    can_reply: true,
    carousel_display: false,
    carousel_link_url: null,
    cta: null,
    is_sensitive: false,
    is_mine: false,
    ...extra,
  };
}

export const content = {
  text: { type: 'text', title: 'Hello there', body_html: '<p>First <b>post</b>.</p>' },
  photo: {
    type: 'photo',
    photos: [
      { id: 'o1', url: '/media/a.jpg', width: 1280, height: 960, caption: 'The harbour' },
      { id: 'o2', url: '/media/b.jpg', width: 800, height: 800, caption: '' },
      { id: 'o3', url: '/media/c.jpg', width: 600, height: 900, caption: '' },
    ],
    caption_html: '<p>Boats at dawn</p>',
    layout: '12',
    linkthrough: null,
  },
  quote: { type: 'quote', quote_html: '<p>Less is more.</p>', source_html: '<p>Mies</p>' },
  link: {
    type: 'link',
    title: 'A good read',
    url: 'https://news.example.org/story/1',
    description_html: '<p>Worth it.</p>',
    excerpt: 'The story so far',
    author: 'Jo Writer',
    thumbnail: '/media/thumb.jpg',
  },
  chat: {
    type: 'chat',
    title: 'Overheard',
    lines: [
      { name: 'Ann', label: 'Ann:', phrase: 'Is it on?' },
      { name: 'Bo', label: 'Bo:', phrase: 'It is.' },
    ],
  },
  audio: {
    type: 'audio',
    url: '/media/song.mp3',
    caption_html: '<p>On repeat</p>',
    track_title: 'Song',
    track_artist: 'Band',
    track_album: 'Record',
    album_art: '/media/art.jpg',
    embed_html: null,
  },
  video: {
    type: 'video',
    embed_html: '<iframe src="https://player.example/v/1" width="500" height="281"></iframe>',
    url: 'https://video.example/v/1',
    caption_html: '<p>Watch</p>',
  },
  note: { type: 'note', question: 'What is your favourite colour?', answer_html: '<p>Blue.</p>', asking_name: null },
} satisfies Record<string, PostContent>;

/**
 * Bo reblogged Cy's reblog of Ann's text post, adding a comment; the trail is root first. As the
 * server sends it: the root's words are the post's content, its trail item has none of its own.
 */
export const reblog = post(
  { type: 'text', title: 'Hello there', body_html: '<p>Root words</p>' },
  {
    blog: blog('bo'),
    is_reblog: true,
    reblogged_from: { post_id: '900', blog_name: 'cy' },
    root_id: '800',
    trail: [
      { post_id: '800', blog: blog('ann'), content_html: '', is_root: true },
      { post_id: '900', blog: blog('cy'), content_html: '<p>Middle words</p>', is_root: false },
      { post_id: '950', blog: blog('bo'), content_html: '<p>Newest words</p>', is_root: false },
    ],
  },
);

export const page = (posts: PostView[], next: string | null = null): PostPage => ({ posts, next });

/** The server's envelope around an answer. */
export const envelope = (response: unknown, status = 200, msg = 'OK') =>
  new Response(JSON.stringify({ meta: { status, msg }, response }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
