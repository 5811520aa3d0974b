// The emails of leaving: an export ready to download, a blog deleted, an account deleted. Each says
// what was done, so a person who did not do it learns at once.
import { EXPORT_LINK_DAYS, NAME_QUARANTINE_DAYS } from '../../shared/leaving';
import type { AppContext } from '../context';
import { mailBodies } from '../mail/templates';

const exportReadyBodies = mailBodies<{ link: string; days: number }>({
  text: `Hi,

The export of your account you asked for is ready: a ZIP of your blogs' posts, their media, your asks, messages, follows and blocks. Download it here:

<%= it.link %>

The link works for <%= it.days %> days. If you did not ask for an export, change your password: someone else may be logged in to your account.
`,
  html:
    '<p>Hi,</p><p>The export of your account you asked for is ready: a ZIP of your blogs\' posts, their media, your asks, messages, follows and blocks.</p>' +
    '<p><a href="<%= it.link %>">Download your export</a></p>' +
    '<p>The link works for <%= it.days %> days. If you did not ask for an export, change your password: someone else may be logged in to your account.</p>',
});

const blogDeletedBodies = mailBodies<{ name: string; days: number }>({
  text: `Hi,

Your blog "<%= it.name %>" is deleted. It is gone from every page, list and conversation, and its posts, media and messages are being removed for good. Its name stays held for <%= it.days %> days, then anyone may take it.

If you did not delete it, change your password at once.
`,
  html:
    '<p>Hi,</p><p>Your blog "<%= it.name %>" is deleted. It is gone from every page, list and conversation, and its posts, media and messages are being removed for good. ' +
    'Its name stays held for <%= it.days %> days, then anyone may take it.</p><p>If you did not delete it, change your password at once.</p>',
});

const accountDeletedBodies = mailBodies<{ names: string; days: number }>({
  text: `Hi,

Your account is deleted, with its blogs (<%= it.names %>). You are logged out everywhere; the blogs are gone from every page, list and conversation, and their posts, media and messages are being removed for good. The blog names stay held for <%= it.days %> days.

This is the last email we send to this address.
`,
  html:
    '<p>Hi,</p><p>Your account is deleted, with its blogs (<%= it.names %>). You are logged out everywhere; the blogs are gone from every page, list and conversation, ' +
    'and their posts, media and messages are being removed for good. The blog names stay held for <%= it.days %> days.</p><p>This is the last email we send to this address.</p>',
});

export const exportReadyMail = (ctx: AppContext, to: string, link: string) =>
  ctx.mailer.send({ to, subject: 'Your export is ready', ...exportReadyBodies({ link, days: EXPORT_LINK_DAYS }) });

export const blogDeletedMail = (ctx: AppContext, to: string, name: string) =>
  ctx.mailer.send({ to, subject: `Your blog "${name}" is deleted`, ...blogDeletedBodies({ name, days: NAME_QUARANTINE_DAYS }) });

export const accountDeletedMail = (ctx: AppContext, to: string, names: string[]) =>
  ctx.mailer.send({ to, subject: 'Your account is deleted', ...accountDeletedBodies({ names: names.join(', '), days: NAME_QUARANTINE_DAYS }) });
