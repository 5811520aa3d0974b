import { z } from 'zod';
import { loginSchema, registerSchema, verifyLinkSchema } from '../../shared/account';
import { changedSchema, nothingSchema, sentSchema, userInfoWithEmailSchema } from '../../shared/answers/account';
import { passwordResetConfirmSchema, passwordResetSchema } from '../../shared/password-reset';
import { userInfoResponseSchema } from '../../shared/answers/user';
import { endpoint } from '../http/endpoint';
import { ErrorCode } from '../http/errors';
import { endSession, startSession } from '../http/session';
import { blogsOfUser } from '../hydration/blogs';
import { clientAddress } from '../limits/client-address';
import { loadUserInfo } from '../user/service';
import { sessionOrigin } from './device';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';
import { checkCredentials, register } from './service';
import { consumeVerification, resendVerification, usedUpVerification, verificationOwner } from './verification';

const verifyLinkParams = z.object({ token: z.string() });

export const accountEndpoints = [
  endpoint({
    method: 'POST',
    path: '/svc/account/register',
    area: 'account',
    summary: 'Makes an account and its first blog, logs it in, and emails the link that verifies the address.',
    access: 'anyone',
    // Register and login are the only changes made without a form key: there is no session yet.
    formKey: false,
    body: registerSchema,
    answer: userInfoWithEmailSchema,
    errors: [ErrorCode.crossSite, ErrorCode.emailTaken, ErrorCode.blogNameTaken, ErrorCode.rateLimited],
    handle: async ({ ctx, request, reply, viewer, body }) => {
      const { userId, verificationEmailSent } = await register(ctx, body, clientAddress(request));
      await endSession(ctx, reply, viewer);
      const session = await startSession(ctx, reply, userId, sessionOrigin(request));
      return { ...(await loadUserInfo(ctx, session)), verification_email_sent: verificationEmailSent };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/account/login',
    area: 'account',
    summary: 'Logs in with an email address and password (and the two-factor code when it is on); answers the user info.',
    access: 'anyone',
    formKey: false,
    body: loginSchema,
    answer: userInfoResponseSchema,
    errors: [ErrorCode.crossSite, ErrorCode.wrongCredentials, ErrorCode.tooManyLogins, ErrorCode.tfaRequired],
    handle: async ({ ctx, request, reply, viewer, body }) => {
      const userId = await checkCredentials(ctx, body, clientAddress(request));
      await endSession(ctx, reply, viewer);
      return loadUserInfo(ctx, await startSession(ctx, reply, userId, sessionOrigin(request)));
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/account/logout',
    area: 'account',
    summary: 'Ends this session.',
    access: 'user',
    answer: nothingSchema,
    handle: async ({ ctx, reply, viewer }) => {
      await endSession(ctx, reply, viewer);
      return {};
    },
  }),
  endpoint({
    method: 'GET',
    path: '/svc/account/verify/:token',
    area: 'account',
    summary: "The emailed verification link: verifies the address and logs its owner in, then goes to the dashboard (or to the login page's word that the link is spent).",
    access: 'anyone',
    params: verifyLinkParams,
    answer: { raw: 'redirect', description: 'A 303 to /dashboard; to /login?verify=invalid for a spent link; to /verify-email while logged in as someone else.' },
    options: { secretInPath: true },
    handle: async ({ ctx, request, reply, viewer, params: { token } }) => {
      const owner = await verificationOwner(ctx, token);
      if (!owner) return reply.redirect('/login?verify=invalid', 303);
      // Logged in as someone else: the link may be another person's, sent to make this browser
      // theirs. The page asks first (POST /svc/account/verify); the token rides in the fragment,
      // which no server or log sees.
      if (viewer && viewer.user.id !== owner) return reply.redirect(`/verify-email#${token}`, 303);
      if (!(await consumeVerification(ctx, token))) return reply.redirect('/login?verify=invalid', 303);
      // The link proves the mailbox is theirs: it logs them in, as the person who opened it expects.
      if (!viewer) await startSession(ctx, reply, owner, sessionOrigin(request));
      return reply.redirect('/dashboard', 303);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/account/verify',
    area: 'account',
    // Needs the form key of the session it ends, so no other site can send it.
    summary: "The verify-email page's answer to a link opened while logged in as someone else: verifies, and switches to the link's account.",
    access: 'user',
    body: verifyLinkSchema,
    answer: userInfoResponseSchema,
    errors: [ErrorCode.invalidVerification],
    handle: async ({ ctx, request, reply, viewer, body }) => {
      const userId = await consumeVerification(ctx, body.token);
      if (!userId) throw usedUpVerification();
      if (userId === viewer.user.id) return loadUserInfo(ctx, viewer);
      await endSession(ctx, reply, viewer);
      return loadUserInfo(ctx, await startSession(ctx, reply, userId, sessionOrigin(request)));
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/account/resend_verification',
    area: 'account',
    summary: 'Emails a new verification link (at most one a minute).',
    access: 'user',
    answer: sentSchema,
    errors: [ErrorCode.alreadyVerified, ErrorCode.verificationThrottled],
    handle: async ({ ctx, viewer }) => {
      const blogs = await blogsOfUser(ctx.db, viewer.user.id);
      const primary = blogs.find((b) => b.id === viewer.user.primary_blog_id) ?? blogs[0];
      await resendVerification(ctx, viewer.user, primary?.name ?? viewer.user.email);
      return { sent: true as const };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/account/password_reset',
    area: 'account',
    summary: 'Forgot your password: emails a link that sets a new one (good once, for an hour), if the address has an account. The answer is the same either way.',
    access: 'anyone',
    // Asked logged out, like login: no form key; same-site only.
    formKey: false,
    body: passwordResetSchema,
    answer: sentSchema,
    errors: [ErrorCode.crossSite, ErrorCode.rateLimited],
    handle: async ({ ctx, request, body }) => {
      await requestPasswordReset(ctx, body.email, clientAddress(request), (error) =>
        request.log.warn({ err: error }, 'a password reset link could not be made or sent'),
      );
      return { sent: true as const };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/account/password_reset/confirm',
    area: 'account',
    summary: "Sets a new password with the emailed link's token and spends it; every session of the account (and this one) ends: log in with the new password.",
    access: 'anyone',
    formKey: false,
    body: passwordResetConfirmSchema,
    answer: changedSchema,
    errors: [ErrorCode.crossSite, ErrorCode.invalidPasswordReset],
    handle: async ({ ctx, request, reply, viewer, body }) => {
      await confirmPasswordReset(ctx, body.token, body.new_password, clientAddress(request));
      // Whoever this browser was logged in as, the person now logs in with the new password.
      await endSession(ctx, reply, viewer);
      return { changed: true as const };
    },
  }),
];
