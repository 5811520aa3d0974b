import fs from 'node:fs/promises';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import type { AppContext } from '../context';
import { newToken } from '../http/tokens';
import { seedDemoActivity } from './activity';
import { seedDemoGifs } from './gifs';
import { seedDemoPosts } from './posts';

export const DEMO_EMAIL = 'demo@tumbleweed.local';

/** Blogs of other demo people, so the demo account has someone to follow. */
const DEMO_BLOGS = [
  { name: 'staff', title: 'Tumbleweed Staff', description: 'News and notes from the people who make Tumbleweed.' },
  { name: 'night-sky', title: 'Night Sky', description: 'Stars, planets and the odd comet.' },
  { name: 'poetry-corner', title: 'Poetry Corner', description: 'Short poems, old and new.' },
  { name: 'cats-daily', title: 'Cats Daily', description: 'One cat a day, sometimes two.' },
  { name: 'after-dark', title: 'After Dark', description: 'Late-night art for grown-ups.', is_adult: true },
];

/**
 * On a database with no users: a demo account with two blogs, following a handful of demo blogs.
 * Its password is random, kept in DATA_DIR/demo-login.txt (readable by its owner only). Returns
 * the line to print: the login itself only when it is created, since server logs are collected
 * and kept where a password should not be; on later starts, where to find it; null when there
 * is nothing to tell.
 */
export async function seedDemoData(ctx: AppContext): Promise<string | null> {
  const loginFile = path.join(ctx.dataDir, 'demo-login.txt');
  const anyone = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyone) {
    const saved = await fs.stat(loginFile).catch(() => null);
    return saved ? `Demo login: in ${loginFile}` : null;
  }
  const password = newToken(9);
  await ctx.db.transaction().execute(async (trx) => {
    const demo = await trx
      .insertInto('users')
      .values({ email: DEMO_EMAIL, password_hash: await hash(password), email_verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [primary] = await trx
      .insertInto('blogs')
      .values([
        { user_id: demo.id, name: 'demo', title: 'Demo Blog', description: 'The demo account’s first blog.' },
        { user_id: demo.id, name: 'demo-sketches', title: 'Demo Sketches', description: 'A second blog of the demo account.' },
      ])
      .returning('id')
      .execute();
    await trx
      .updateTable('users')
      .set({ primary_blog_id: primary!.id, current_blog_id: primary!.id })
      .where('id', '=', demo.id)
      .execute();
    for (const blog of DEMO_BLOGS) {
      const owner = await trx
        .insertInto('users')
        // A password nobody knows: these accounts exist to own blogs, not to log in.
        .values({ email: `${blog.name}@tumbleweed.local`, password_hash: await hash(newToken()), email_verified_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto('blogs')
        .values({ user_id: owner.id, name: blog.name, title: blog.title, description: blog.description, is_adult: blog.is_adult ?? false })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('users').set({ primary_blog_id: row.id, current_blog_id: row.id }).where('id', '=', owner.id).execute();
      await trx.insertInto('follows').values({ user_id: demo.id, blog_id: row.id }).execute();
    }
  });
  await seedDemoPosts(ctx);
  await seedDemoActivity(ctx);
  await seedDemoGifs(ctx);
  const line = `Demo login: ${DEMO_EMAIL} / ${password}`;
  await fs.mkdir(ctx.dataDir, { recursive: true });
  await fs.writeFile(loginFile, `${line}\n`, { mode: 0o600 });
  return `${line} (kept in ${loginFile}; it is not printed again)`;
}
