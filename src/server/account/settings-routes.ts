import type { FastifyInstance } from 'fastify';
import {
  changeEmailSchema,
  changePasswordSchema,
  emailPreferencesSchema,
  tfaDisableSchema,
  tfaEnableSchema,
} from '../../shared/account-settings';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { endSession, requireViewer } from '../http/session';
import { clientAddress } from '../limits/client-address';
import { loadUserInfo } from '../user/service';
import { assertOwnPassword, changeEmail, changePassword } from './credentials';
import { emailPreferences, updateEmailPreferences } from './email-preferences';
import { listSessions, revokeSession } from './sessions';
import { disableTfa, enableTfa, setupTfa, tfaAlreadyOff, tfaStatus } from './tfa';

/** The account settings pages' calls (/settings/account, password, tfa, notifications, apps). */
export function accountSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/svc/account/password', async (request) => {
    const viewer = requireViewer(request);
    await changePassword(ctx, viewer, parse(changePasswordSchema, request.body), clientAddress(request));
    return ok({ changed: true });
  });

  app.post('/svc/account/email', async (request) => {
    const viewer = requireViewer(request);
    const { verification_email_sent } = await changeEmail(ctx, viewer, parse(changeEmailSchema, request.body), clientAddress(request));
    const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', viewer.user.id).executeTakeFirstOrThrow();
    return ok({ ...(await loadUserInfo(ctx, { ...viewer, user })), verification_email_sent });
  });

  app.get('/svc/account/sessions', async (request, reply) => {
    const viewer = requireViewer(request);
    reply.header('cache-control', 'no-store');
    return ok({ sessions: await listSessions(ctx.db, viewer) });
  });

  app.delete<{ Params: { id: string } }>('/svc/account/sessions/:id', async (request, reply) => {
    const viewer = requireViewer(request);
    const { current } = await revokeSession(ctx.db, viewer, request.params.id);
    if (current) await endSession(ctx, reply, null);
    return ok({ ended: true, current });
  });

  app.get('/svc/account/tfa', async (request, reply) => {
    const viewer = requireViewer(request);
    reply.header('cache-control', 'no-store');
    return ok(await tfaStatus(ctx.db, viewer.user.id));
  });

  app.post('/svc/account/tfa/setup', async (request, reply) => {
    const viewer = requireViewer(request);
    reply.header('cache-control', 'no-store');
    return ok(await setupTfa(ctx.db, viewer.user));
  });

  app.post('/svc/account/tfa/enable', async (request, reply) => {
    const viewer = requireViewer(request);
    const { code } = parse(tfaEnableSchema, request.body);
    reply.header('cache-control', 'no-store');
    return ok({ recovery_codes: await enableTfa(ctx.db, viewer.user.id, code) });
  });

  app.post('/svc/account/tfa/disable', async (request) => {
    const viewer = requireViewer(request);
    const { password, code } = parse(tfaDisableSchema, request.body);
    if (!viewer.user.tfa_secret) throw tfaAlreadyOff();
    await assertOwnPassword(ctx, viewer, password, clientAddress(request), 'password', code);
    await disableTfa(ctx.db, viewer.user.id);
    return ok(await tfaStatus(ctx.db, viewer.user.id));
  });

  app.get('/svc/account/notifications', async (request, reply) => {
    const viewer = requireViewer(request);
    reply.header('cache-control', 'no-store');
    return ok(await emailPreferences(ctx.db, viewer.user.id));
  });

  app.post('/svc/account/notifications', async (request) => {
    const viewer = requireViewer(request);
    return ok(await updateEmailPreferences(ctx.db, viewer.user.id, parse(emailPreferencesSchema, request.body)));
  });
}
