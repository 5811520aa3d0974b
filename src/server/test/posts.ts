// Helpers for post tests: save through the real route, read pages back.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { PostPage, PostView, SaveResponse } from '../../shared/posts/types';
import { expectOk, get, post, type Session } from './test-app';

export const asOwner = (s: Session) => ({ cookie: s.cookie, formKey: s.formKey });
export const blogOf = (s: Session) => s.body.response.user.primary;

export async function savePost(app: FastifyInstance, s: Session, fields: Record<string, unknown>) {
  return post(app, '/svc/post/update', { channel_id: blogOf(s), ...fields }, asOwner(s));
}

export async function createPost(app: FastifyInstance, s: Session, fields: Record<string, unknown>): Promise<PostView> {
  const res = await savePost(app, s, fields);
  return expectOk<SaveResponse>(res).created_post;
}

export const textPost = (title: string, body = `<p>${title} body</p>`) => ({ 'post[type]': 'text', 'post[one]': title, 'post[two]': body });

export async function page(app: FastifyInstance, path: string, s?: Session): Promise<PostPage> {
  const res = await get(app, path, s ? asOwner(s) : {});
  return expectOk<PostPage>(res);
}

export async function allPages(app: FastifyInstance, root: string, s: Session, direction = 'before'): Promise<PostView[]> {
  const posts: PostView[] = [];
  let ref: string | null = '0';
  while (ref !== null) {
    const next: PostPage = await page(app, `/svc/post/${root}/${direction}/${ref}`, s);
    posts.push(...next.posts);
    expect(next.posts.length).toBeLessThanOrEqual(10);
    ref = next.next;
  }
  return posts;
}
