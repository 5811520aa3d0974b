import { settingsSchema } from '../../shared/account';
import { userInfoResponseSchema } from '../../shared/answers/user';
import { endpoint } from '../http/endpoint';
import { loadUserInfo, updateSettings } from './service';

export const userEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/user/info',
    area: 'user',
    // Every page's first call (the benchmark's hot path): the session's user, read by the session
    // hook, and the four parallel reads of loadUserInfo; nothing else per request.
    summary: "The logged-in user (spec 1 §3 User): their blogs with unread counts, flags, limits and the session's form key.",
    access: 'user',
    answer: userInfoResponseSchema,
    handle: async ({ ctx, viewer, reply }) => {
      reply.header('cache-control', 'no-store');
      return loadUserInfo(ctx, viewer);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/user/settings',
    area: 'user',
    summary: "Changes the user's own settings (safe mode, sounds, desktop notifications, the editor); answers the user info.",
    access: 'user',
    body: settingsSchema,
    answer: userInfoResponseSchema,
    handle: async ({ ctx, viewer, body }) => loadUserInfo(ctx, await updateSettings(ctx, viewer, body)),
  }),
];
