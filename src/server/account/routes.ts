import type { FastifyInstance } from 'fastify';
import { loginSchema, registerSchema } from '../../shared/account';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { endSession, requireViewer, startSession } from '../http/session';
import { blogsOfUser } from '../blogs/queries';
import { clientAddress } from '../limits/client-address';
import { loadUserInfo } from '../user/service';
import { checkCredentials, register } from './service';
import { consumeVerification, resendVerification } from './verification';

export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  // Register and login are the only changes made without a form key: there is no session yet.
  app.post('/svc/account/register', { config: { formKey: false } }, async (request, reply) => {
    const input = parse(registerSchema, request.body);
    const { userId, verificationEmailSent } = await register(ctx, input, clientAddress(request));
    await endSession(ctx, reply, request.viewer);
    const viewer = await startSession(ctx, reply, userId);
    return ok({ ...(await loadUserInfo(ctx, viewer)), verification_email_sent: verificationEmailSent });
  });

  app.post('/svc/account/login', { config: { formKey: false } }, async (request, reply) => {
    const input = parse(loginSchema, request.body);
    const userId = await checkCredentials(ctx, input, clientAddress(request));
    await endSession(ctx, reply, request.viewer);
    const viewer = await startSession(ctx, reply, userId);
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
      const userId = await consumeVerification(ctx, request.params.token);
      if (!userId) return reply.redirect('/login?verify=invalid', 303);
      // The link proves the mailbox is theirs: it logs them in, as the person who opened it expects.
      if (request.viewer?.user.id !== userId) {
        await endSession(ctx, reply, request.viewer);
        await startSession(ctx, reply, userId);
      }
      return reply.redirect('/dashboard', 303);
    },
  );

  app.post('/svc/account/resend_verification', async (request) => {
    const viewer = requireViewer(request);
    const blogs = await blogsOfUser(ctx.db, viewer.user.id);
    const primary = blogs.find((b) => b.id === viewer.user.primary_blog_id) ?? blogs[0];
    await resendVerification(ctx, viewer.user, primary?.name ?? viewer.user.email);
    return ok({ sent: true });
  });
}
