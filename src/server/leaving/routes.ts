// Leaving with your data (issue 24; docs/api.md "Leaving"): the account's export, and deleting a
// blog or the account, each confirmed with the password (and the two-factor code when it is on).
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { dataExportAnswerSchema, deleteAccountSchema, deleteBlogSchema, deletedAnswerSchema } from '../../shared/leaving';
import type { AppContext } from '../context';
import type { DataExportRow } from '../db/tables/data-export';
import { endpoint, type Call } from '../http/endpoint';
import { ErrorCode } from '../http/errors';
import { SESSION_COOKIE } from '../http/session';
import { clientAddress } from '../limits/client-address';
import { ownedBlogFrom } from '../rules/loads';
import { deleteAccount, deleteBlog } from './delete';
import { exportByToken, exportView, latestExport, newestReadyExport, requestExport } from './export';
import { pokeLeavingJobs } from './jobs';

/** At most this many exports a day: each reads every post and file of the account. */
const EXPORT_RULE = { name: 'data-export', limit: 5, windowMs: 24 * 60 * 60_000 };

// Any name: one that is not the viewer's blog (or no blog) is the loader's 404.
const blogParams = z.object({ name: z.string() });
type ByName = Call<'user', z.infer<typeof blogParams>, unknown, unknown>;
const ownBlog = ownedBlogFrom((c: ByName) => c.params.name);

// A token that is no base64url of the right length is the same 404 as a spent one (export.ts).
const tokenParams = z.object({ token: z.string() });

const NO_STORE = ['cache-control', 'no-store'] as const;

/** The ZIP, streamed from the media store. */
async function sendExport(ctx: AppContext, reply: FastifyReply, row: DataExportRow) {
  const stream = await ctx.media.read(row.file!);
  const day = row.created_at.toISOString().slice(0, 10);
  reply.header(...NO_STORE).header('content-type', 'application/zip').header('content-disposition', `attachment; filename="tumbleweed-export-${day}.zip"`);
  if (row.size !== null) reply.header('content-length', row.size);
  return reply.send(stream);
}

export const leavingEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/account/export',
    area: 'leaving',
    summary: "The account's newest export: requested, running, ready (with where to download it, until when) or failed; null when none was asked for.",
    access: 'user',
    answer: dataExportAnswerSchema,
    handle: async ({ ctx, reply, viewer }) => {
      reply.header(...NO_STORE);
      const row = await latestExport(ctx, viewer.user.id);
      return { export: row ? exportView(row) : null };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/account/export',
    area: 'leaving',
    summary: "Asks for an export of the account (a ZIP of every blog's posts, media, asks, messages, follows and blocks), made by a job; a link is emailed when it is ready. One at a time: 409 while one is being made.",
    access: 'verified',
    answer: dataExportAnswerSchema,
    errors: [ErrorCode.exportInProgress],
    rateLimit: { what: 'exports asked for', buckets: (c) => [{ rule: EXPORT_RULE, subject: c.viewer.user.id }] },
    handle: async ({ ctx, viewer }) => {
      const row = await requestExport(ctx, viewer.user.id);
      pokeLeavingJobs(ctx);
      return { export: exportView(row) };
    },
  }),
  endpoint({
    method: 'GET',
    path: '/svc/account/export/file',
    area: 'leaving',
    summary: "Downloads the account's ready export (the settings page's link); 404 when none is ready or its week is over.",
    access: 'user',
    answer: { raw: 'file', description: 'The export, a ZIP.' },
    errors: [ErrorCode.notFound],
    handle: async ({ ctx, reply, viewer }) => sendExport(ctx, reply, await newestReadyExport(ctx, viewer.user.id)),
  }),
  endpoint({
    method: 'GET',
    path: '/svc/account/export/download/:token',
    area: 'leaving',
    summary: 'The emailed link: downloads the export it was sent for, for a week, without a session; 404 once spent, expired or the account deleted.',
    access: 'token',
    params: tokenParams,
    answer: { raw: 'file', description: 'The export, a ZIP.' },
    errors: [ErrorCode.notFound],
    options: { secretInPath: true },
    handle: async ({ ctx, reply, params }) => sendExport(ctx, reply, await exportByToken(ctx, params.token)),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/blog/:name/delete',
    area: 'leaving',
    summary: "Deletes one of the viewer's blogs (not their only one: 400), with the password and, when two-factor is on, a code. It leaves every page, list, search and conversation at once; its posts, media and messages are purged by a job; its name is held for the quarantine; an email says it was done.",
    access: 'user',
    params: blogParams,
    body: deleteBlogSchema,
    answer: deletedAnswerSchema,
    loads: { blog: ownBlog },
    errors: [ErrorCode.lastBlog, ErrorCode.tooManyLogins],
    handle: async ({ ctx, request, viewer, body, loaded }) => {
      await deleteBlog(ctx, viewer, loaded.blog, body, clientAddress(request));
      pokeLeavingJobs(ctx);
      return { deleted: true as const, name: loaded.blog.name };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/account/delete',
    area: 'leaving',
    summary: 'Deletes the account with all its blogs, with the password and, when two-factor is on, a code: every session ends (this one too), the blogs leave every page at once and are purged by a job, and an email says it was done.',
    access: 'user',
    body: deleteAccountSchema,
    answer: deletedAnswerSchema,
    errors: [ErrorCode.tooManyLogins],
    handle: async ({ ctx, request, reply, viewer, body }) => {
      await deleteAccount(ctx, viewer, body, clientAddress(request));
      pokeLeavingJobs(ctx);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { deleted: true as const };
    },
  }),
];
