// The account settings pages' calls (/settings/account, password, tfa, notifications, apps).
import { z } from 'zod';
import {
  changeEmailSchema,
  changePasswordSchema,
  emailPreferencesSchema,
  tfaDisableSchema,
  tfaEnableSchema,
} from '../../shared/account-settings';
import {
  changedSchema,
  emailPreferencesAnswerSchema,
  recoveryCodesSchema,
  sessionEndedSchema,
  sessionsSchema,
  tfaSetupSchema,
  tfaStatusSchema,
  userInfoWithEmailSchema,
} from '../../shared/answers/account';
import { endpoint } from '../http/endpoint';
import { ErrorCode } from '../http/errors';
import { endSession } from '../http/session';
import { clientAddress } from '../limits/client-address';
import { loadUserInfo } from '../user/service';
import { assertOwnPassword, changeEmail, changePassword } from './credentials';
import { emailPreferences, updateEmailPreferences } from './email-preferences';
import { listSessions, revokeSession } from './sessions';
import { disableTfa, enableTfa, setupTfa, tfaAlreadyOff, tfaStatus } from './tfa';

// A handle that is no uuid names no session: the same 404 as one already ended (sessions.ts).
const sessionParams = z.object({ id: z.string() });

/** The answers of these pages hold secrets or personal data: never kept by a cache. */
const NO_STORE = ['cache-control', 'no-store'] as const;

export const accountSettingsEndpoints = [
  endpoint({
    method: 'POST',
    path: '/svc/account/password',
    area: 'account',
    summary: 'Changes the password (the current one first); every other session ends.',
    access: 'user',
    body: changePasswordSchema,
    answer: changedSchema,
    errors: [ErrorCode.tooManyLogins],
    handle: async ({ ctx, request, viewer, body }) => {
      await changePassword(ctx, viewer, body, clientAddress(request));
      return { changed: true as const };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/account/email',
    area: 'account',
    summary: 'Changes the email address (with the password) and emails the link that verifies the new one; answers the user info.',
    access: 'user',
    body: changeEmailSchema,
    answer: userInfoWithEmailSchema,
    errors: [ErrorCode.tooManyLogins, ErrorCode.emailTaken, ErrorCode.rateLimited],
    handle: async ({ ctx, request, viewer, body }) => {
      const { verification_email_sent } = await changeEmail(ctx, viewer, body, clientAddress(request));
      const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', viewer.user.id).executeTakeFirstOrThrow();
      return { ...(await loadUserInfo(ctx, { ...viewer, user })), verification_email_sent };
    },
  }),
  endpoint({
    method: 'GET',
    path: '/svc/account/sessions',
    area: 'account',
    summary: "The user's live sessions (device, network, last use), most recently used first.",
    access: 'user',
    answer: sessionsSchema,
    handle: async ({ ctx, reply, viewer }) => {
      reply.header(...NO_STORE);
      return { sessions: await listSessions(ctx.db, viewer) };
    },
  }),
  endpoint({
    method: 'DELETE',
    path: '/svc/account/sessions/:id',
    area: 'account',
    summary: "Ends one of the user's sessions; ending this one logs out here too.",
    access: 'user',
    params: sessionParams,
    answer: sessionEndedSchema,
    errors: [ErrorCode.notFound],
    handle: async ({ ctx, reply, viewer, params }) => {
      const { current } = await revokeSession(ctx.db, viewer, params.id);
      if (current) await endSession(ctx, reply, null);
      return { ended: true as const, current };
    },
  }),
  endpoint({
    method: 'GET',
    path: '/svc/account/tfa',
    area: 'account',
    summary: 'Whether two-factor login is on, and how many recovery codes are left.',
    access: 'user',
    answer: tfaStatusSchema,
    handle: async ({ ctx, reply, viewer }) => {
      reply.header(...NO_STORE);
      return tfaStatus(ctx.db, viewer.user.id);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/account/tfa/setup',
    area: 'account',
    summary: 'A new two-factor secret to put in an authenticator app (as text and a QR code); on only once enabled with a code.',
    access: 'user',
    answer: tfaSetupSchema,
    errors: [ErrorCode.notAllowed],
    handle: async ({ ctx, reply, viewer }) => {
      reply.header(...NO_STORE);
      return setupTfa(ctx.db, viewer.user);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/account/tfa/enable',
    area: 'account',
    summary: "Turns two-factor login on with a code from the app; answers the recovery codes, shown once.",
    access: 'user',
    body: tfaEnableSchema,
    answer: recoveryCodesSchema,
    errors: [ErrorCode.notAllowed],
    handle: async ({ ctx, reply, viewer, body }) => {
      reply.header(...NO_STORE);
      return { recovery_codes: await enableTfa(ctx.db, viewer.user.id, body.code) };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/account/tfa/disable',
    area: 'account',
    summary: 'Turns two-factor login off, with the password and a code.',
    access: 'user',
    body: tfaDisableSchema,
    answer: tfaStatusSchema,
    errors: [ErrorCode.notAllowed, ErrorCode.tooManyLogins],
    handle: async ({ ctx, request, viewer, body }) => {
      if (!viewer.user.tfa_secret) throw tfaAlreadyOff();
      await assertOwnPassword(ctx, viewer, body.password, clientAddress(request), 'password', body.code);
      await disableTfa(ctx.db, viewer.user.id);
      return tfaStatus(ctx.db, viewer.user.id);
    },
  }),
  endpoint({
    method: 'GET',
    path: '/svc/account/notifications',
    area: 'account',
    summary: 'Which emails the user gets (each kind batched, at most once an hour).',
    access: 'user',
    answer: emailPreferencesAnswerSchema,
    handle: async ({ ctx, reply, viewer }) => {
      reply.header(...NO_STORE);
      return emailPreferences(ctx.db, viewer.user.id);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/account/notifications',
    area: 'account',
    summary: 'Changes which emails the user gets.',
    access: 'user',
    body: emailPreferencesSchema,
    answer: emailPreferencesAnswerSchema,
    handle: async ({ ctx, viewer, body }) => updateEmailPreferences(ctx.db, viewer.user.id, body),
  }),
];
