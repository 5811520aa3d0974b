// The admin tools (spec 1 §6): the five switches on a blog, and the reports of posts and of
// messages. Admins only (access: 'admin': 401 logged out, 403 for everyone else).
import { z } from 'zod';
import { blogModerationSchema, messageReportsPageSchema, reportsPageSchema, resolvedSchema } from '../../shared/answers/moderation';
import { formFlag } from '../../shared/form-flag';
import { idField } from '../../shared/ids';
import { MODERATION_SWITCHES, type ModerationSwitch } from '../../shared/moderation';
import { endpoint } from '../http/endpoint';
import { ErrorCode } from '../http/errors';
import { openMessageReportsPage, resolveMessageReport } from './message-reports';
import { openReportsPage, resolveReport } from './reports';
import { toggleSwitch } from './switches';

const id = (field: string) => idField(field, { missing: `Say which one: ${field} is missing.`, digits: `${field} must be an id (digits only).` });

// Spec 1 §7: tumblelog. `value` (ours) sets the switch instead of flipping it.
const toggleBody = z.object({
  tumblelog: z
    .string({ error: 'Say which blog: the tumblelog parameter is missing.' })
    .min(1, 'Say which blog: the tumblelog parameter is empty.')
    .max(100, 'That is not a blog name.'),
  value: formFlag('value').optional(),
});
// The cursor is the last report's id: the reports' own order (reports_open_idx), as the client sends it back.
const reportsQuery = z.object({ before: id('before').optional() });
const resolveBody = z.object({ id: id('id') });

const toggle = (name: ModerationSwitch) =>
  endpoint({
    method: 'POST',
    path: `/${name}/toggle`,
    area: 'moderation',
    summary: `Flips the blog's ${name} switch (or sets it to \`value\`), and answers the blog's five switches.`,
    access: 'admin',
    body: toggleBody,
    answer: blogModerationSchema,
    // An admin acts on any blog, suspended or not: the switch's own statement finds it by name (404 otherwise).
    errors: [ErrorCode.blogNotFound],
    handle: ({ ctx, body }) => toggleSwitch(ctx, name, body.tumblelog, body.value),
  });

export const moderationEndpoints = [
  ...MODERATION_SWITCHES.map(toggle),

  endpoint({
    method: 'GET',
    path: '/svc/admin/reports',
    area: 'moderation',
    summary: 'Open reports of posts, newest first, with the post, its blog and its switches, and the reporter.',
    access: 'admin',
    query: reportsQuery,
    answer: reportsPageSchema,
    paging: { cursor: 'before', description: "The last report's id." },
    handle: ({ ctx, query }) => openReportsPage(ctx, query.before),
  }),

  endpoint({
    method: 'POST',
    path: '/svc/admin/reports/resolve',
    area: 'moderation',
    summary: 'Closes a report of a post; closing a closed one answers the same.',
    access: 'admin',
    body: resolveBody,
    answer: resolvedSchema,
    errors: [ErrorCode.notFound],
    handle: ({ ctx, body }) => resolveReport(ctx, body.id),
  }),

  endpoint({
    method: 'GET',
    path: '/svc/admin/message_reports',
    area: 'moderation',
    summary: "Open reports of messages and conversations marked spam, newest first, with the reported blog's switches.",
    access: 'admin',
    query: reportsQuery,
    answer: messageReportsPageSchema,
    paging: { cursor: 'before', description: "The last report's id." },
    handle: ({ ctx, query }) => openMessageReportsPage(ctx, query.before),
  }),

  endpoint({
    method: 'POST',
    path: '/svc/admin/message_reports/resolve',
    area: 'moderation',
    summary: 'Closes a report of a message or conversation; closing a closed one answers the same.',
    access: 'admin',
    body: resolveBody,
    answer: resolvedSchema,
    errors: [ErrorCode.notFound],
    handle: ({ ctx, body }) => resolveMessageReport(ctx, body.id),
  }),
];
