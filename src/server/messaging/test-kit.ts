// Messaging test helpers: a verified person with a blog, and the calls as the client makes them.
import type { FastifyInstance } from 'fastify';
import type { ConversationsPage, ConversationWithMessages, PollResponse } from '../../shared/messaging/api';
import { asOwner } from '../test/posts';
import { expectOk, get, markVerified, post, register, userInfo, type Session, type TestApp } from '../test/test-app';

export interface Person {
  s: Session;
  name: string;
  uuid: string;
  token: string;
}

export async function person(t: TestApp, verified = true): Promise<Person> {
  const s = await register(t.app);
  if (verified) await markVerified(t.db, s);
  const info = await userInfo(t.app, asOwner(s));
  const channel = info.channels[0]!;
  return { s, name: channel.name, uuid: channel.uuid, token: info.polling_token! };
}

export const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  return body;
};

export const sendTo = (app: FastifyInstance, from: Person, to: Person, message: string, extra: Record<string, string> = {}) =>
  post(app, '/svc/conversations/messages', form({ participant: from.uuid, 'participants[]': [from.uuid, to.uuid], type: 'TEXT', message, ...extra }), asOwner(from.s));

export const sendIn = (app: FastifyInstance, from: Person, conversationId: string, message: string, extra: Record<string, string> = {}) =>
  post(app, '/svc/conversations/messages', form({ participant: from.uuid, conversation_id: conversationId, type: 'TEXT', message, ...extra }), asOwner(from.s));

export const sent = async (res: Parameters<typeof expectOk>[0]) => expectOk<ConversationWithMessages>(res);

export const inbox = async (app: FastifyInstance, p: Person, query = '') =>
  expectOk<ConversationsPage>(await get(app, `/svc/conversations?participant=${p.uuid}${query}`, asOwner(p.s)));

export const messagesOf = (app: FastifyInstance, p: Person, conversationId: string, query = '') =>
  get(app, `/svc/conversations/messages?participant=${p.uuid}&conversation_id=${conversationId}${query}`, asOwner(p.s));

export const poll = async (app: FastifyInstance, p: Person) =>
  expectOk<PollResponse>(await get(app, `/services/poll?token=${p.token}&unread_messages=true&mention_keys=${p.uuid}`));
