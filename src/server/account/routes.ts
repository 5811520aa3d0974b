import type { FastifyInstance } from 'fastify';
import { loginSchema, registerSchema, verifyLinkSchema } from '../../shared/account';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { sessionOrigin } from './device';
import { endSession, requireViewer, startSession } from '../http/session';
import { blogsOfUser } from '../hydration/blogs';
import { clientAddress } from '../limits/client-address';
import { loadUserInfo } from '../user/service';
import { checkCredentials, register } from './service';
import { consumeVerification, resendVerification, usedUpVerification, verificationOwner } from './verification';

export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  // Register and login are the only changes made without a form key: there is no session yet.
  app.post('/svc/account/register', { config: { formKey: false } }, async (request, reply) => {
    const input = parse(registerSchema, request.body);
    const { userId, verificationEmailSent } = await register(ctx, input, clientAddress(request));
    await endSession(ctx, reply, request.viewer);
    const viewer = await startSession(ctx, reply, userId, sessionOrigin(request));
    return ok({ ...(await loadUserInfo(ctx, viewer)), verification_email_sent: verificationEmailSent });
  });

  app.post('/svc/account/login', { config: { formKey: false } }, async (request, reply) => {
    const input = parse(loginSchema, request.body);
    const userId = await checkCredentials(ctx, input, clientAddress(request));
    await endSession(ctx, reply, request.viewer);
    const viewer = await startSession(ctx, reply, userId, sessionOrigin(request));
    return ok(await loadUserInfo(ctx, viewer));
  });

  app.post('/svc/account/logout', async (request, reply) => {
    await endSession(ctx, reply, request.viewer);
    return ok({});
  });

  app.get<{ Params: { token: string } }>(
    '/svc/account/verify/:token',
    { config: { secretInPath: true } },
    async (request, reply) => {
      const { token } = request.params;
      const owner = await verificationOwner(ctx, token);
      if (!owner) return reply.redirect('/login?verify=invalid', 303);
      // Logged in as someone else: the link may be another person's, sent to make this browser
      // theirs. The page asks first (POST /svc/account/verify); the token rides in the fragment,
      // which no server or log sees.
      if (request.viewer && request.viewer.user.id !== owner) return reply.redirect(`/verify-email#${token}`, 303);
      if (!(await consumeVerification(ctx, token))) return reply.redirect('/login?verify=invalid', 303);
      // The link proves the mailbox is theirs: it logs them in, as the person who opened it expects.
      if (!request.viewer) await startSession(ctx, reply, owner, sessionOrigin(request));
      return reply.redirect('/dashboard', 303);
    },
  );

  // The answer of the page that asked: verify, and switch to the link's account. Needs the form
  // key of the session it ends, so no other site can send it.
  app.post('/svc/account/verify', async (request, reply) => {
    const viewer = requireViewer(request);
    const userId = await consumeVerification(ctx, parse(verifyLinkSchema, request.body).token);
    if (!userId) throw usedUpVerification();
    if (userId === viewer.user.id) return ok(await loadUserInfo(ctx, viewer));
    await endSession(ctx, reply, viewer);
    return ok(await loadUserInfo(ctx, await startSession(ctx, reply, userId, sessionOrigin(request))));
  });

  app.post('/svc/account/resend_verification', async (request) => {
    const viewer = requireViewer(request);
    const blogs = await blogsOfUser(ctx.db, viewer.user.id);
    const primary = blogs.find((b) => b.id === viewer.user.primary_blog_id) ?? blogs[0];
    await resendVerification(ctx, viewer.user, primary?.name ?? viewer.user.email);
    return ok({ sent: true });
  });
}
