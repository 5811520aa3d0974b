// Demo posts: every type, reblogs with trails, drafts, a queue and a scheduled post, written
// through the same service as the post form so they are sanitized and stored like real ones.
import type { AppContext } from '../context';
import type { Viewer } from '../http/session';
import { parsePostCommand } from '../posts/payload';
import { runPostCommand } from '../posts/run-command';

type Fields = Record<string, string>;

export async function seedDemoPosts(ctx: AppContext) {
  const owners = await ctx.db
    .selectFrom('blogs')
    .innerJoin('users', 'users.id', 'blogs.user_id')
    .selectAll('users')
    .select('blogs.name as blog_name')
    .execute();
  const viewerOf = (blog: string): Viewer => {
    const { blog_name, ...user } = owners.find((o) => o.blog_name === blog)!;
    return { user, sessionId: '', formKey: '' };
  };
  const image = (blog: string) => `${ctx.config.publicUrl}/svc/avatar/${blog}/512`;
  const save = async (blog: string, fields: Fields) =>
    (await runPostCommand(ctx, viewerOf(blog), parsePostCommand({ channel_id: blog, ...fields }).command)).created_post;
  const reblog = (blog: string, of: { id: string; reblog_key: string }, comment: string) =>
    save(blog, { reblog_post_id: of.id, reblog_key: of.reblog_key, 'post[two]': comment });

  const welcome = await save('staff', {
    'post[type]': 'text',
    'post[one]': 'Welcome to Tumbleweed',
    'post[two]': 'Follow blogs you like, and their posts show up **on your dashboard**.\n\nPress the pencil (or z+c) to write your own.',
    editor_type: 'markdown',
    'post[tags]': 'welcome,tumbleweed',
  });
  const sky = await save('night-sky', {
    'post[type]': 'photo',
    'images[o1]': image('night-sky'),
    'caption[o1]': 'Orion over the ridge',
    'images[o2]': image('staff'),
    'images[o3]': image('poetry-corner'),
    'post[two]': '<p>Three nights of clear sky in a row.</p>',
    'post[tags]': 'astronomy,photography',
  });
  await save('poetry-corner', {
    'post[type]': 'quote',
    'post[one]': '<p>Hope is the thing with feathers that perches in the soul.</p>',
    'is_rich_text[one]': '1',
    'post[two]': 'Emily Dickinson',
    'is_rich_text[two]': '0',
    'post[tags]': 'poetry',
  });
  await save('staff', {
    'post[type]': 'link',
    'post[one]': 'CommonMark',
    'post[two]': 'https://commonmark.org/',
    'post[three]': '<p>The Markdown our editor speaks.</p>',
    excerpt: 'A strongly defined, highly compatible specification of Markdown.',
  });
  await save('cats-daily', {
    'post[type]': 'chat',
    'post[one]': 'Breakfast negotiations',
    'post[two]': 'Cat: It is six.\nMe: It is five.\nCat: It is six somewhere.',
    'post[tags]': 'cats',
  });
  await save('staff', {
    'post[type]': 'video',
    'post[one]': 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    'post[two]': '<p>Big Buck Bunny, a film made with free software.</p>',
  });
  await save('night-sky', {
    'post[type]': 'audio',
    'post[one]': 'https://upload.wikimedia.org/wikipedia/commons/c/c4/Muriel-Nguyen-Xuan-Chopin-valse-opus64-1.ogg',
    'post[two]': '<p>Night music.</p>',
    'id3_tags[title]': 'Waltz in D-flat major, Op. 64 No. 1',
    'id3_tags[artist]': 'Frédéric Chopin',
  });
  await save('after-dark', { 'post[type]': 'photo', 'images[o1]': image('after-dark'), 'post[two]': '<p>Ink, after midnight.</p>' });

  const poetryReblog = await reblog('poetry-corner', sky, '<p>This sky deserves a poem.</p>');
  await reblog('cats-daily', poetryReblog, '<p>The cat agrees.</p>');
  await reblog('demo', welcome, '<p>Hello from the demo blog!</p>');
  await save('demo', { 'post[type]': 'text', 'post[one]': 'My first post', 'post[two]': '<p>Written on the <b>demo</b> blog.</p>' });

  await save('demo', { 'post[type]': 'text', 'post[one]': 'A draft', 'post[two]': '<p>Not ready yet.</p>', 'post[state]': '1' });
  await save('demo', { 'post[type]': 'quote', 'post[one]': 'Half a quote', 'post[state]': '1' });
  await save('demo', { 'post[type]': 'text', 'post[one]': 'Queued for later', 'post[two]': '<p>From the queue.</p>', 'post[state]': '2' });
  await save('demo', { 'post[type]': 'text', 'post[one]': 'Also queued', 'post[two]': '<p>Next in line.</p>', 'post[state]': '2' });
  await save('demo', {
    'post[type]': 'text',
    'post[one]': 'Scheduled',
    'post[two]': '<p>Goes out tomorrow.</p>',
    'post[state]': 'on.2',
    'post[publish_on]': new Date(Date.now() + 86_400_000).toISOString(),
  });
}
