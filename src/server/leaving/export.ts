// The export of an account: asked for from the settings page, made by a job (export-zip.ts), stored
// through the media store, and downloaded for a week through an emailed link whose token only the
// hash of is kept (as password reset links are). One export at a time per account: the partial unique
// index data_exports_one_running_key decides, so two requests in the same millisecond cannot both start.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { EXPORT_ALREADY_RUNNING, EXPORT_LINK_DAYS, type DataExportView } from '../../shared/leaving';
import type { AppContext } from '../context';
import { claimJob } from '../db/claim-job';
import { uniqueViolation } from '../db/errors';
import type { DataExportRow } from '../db/tables/data-export';
import { AppError, ErrorCode } from '../http/errors';
import { hashToken, newToken } from '../http/tokens';
import { exportZip } from './export-zip';
import { exportReadyMail } from './mail';
import type { Log } from '../log';

const DAY_MS = 24 * 60 * 60_000;
/** A running export whose process stopped touching it this long ago is taken again. */
export const EXPORT_STALE_MS = 10 * 60_000;
const HEARTBEAT_MS = 60_000;
/** An export is tried this many times before it fails. */
export const EXPORT_ATTEMPTS = 2;

/** Where this session downloads a ready export (GET /svc/account/export/file). */
export const EXPORT_FILE_PATH = '/svc/account/export/file';
/** The emailed link: works without a session, for a week. */
export const exportLinkPath = (token: string) => `/svc/account/export/download/${token}`;

export const exportInProgress = () => new AppError(409, ErrorCode.exportInProgress, EXPORT_ALREADY_RUNNING);

export function exportView(row: DataExportRow, now = new Date()): DataExportView {
  const downloadable = row.state === 'ready' && row.file !== null && row.expires_at !== null && row.expires_at > now;
  return {
    id: row.id,
    // A ready export whose week is over reads as nothing to download: ask again.
    state: row.state === 'ready' && !downloadable ? 'failed' : row.state,
    requested_at: row.created_at.toISOString(),
    expires_at: downloadable ? row.expires_at!.toISOString() : null,
    size: downloadable && row.size !== null ? Number(row.size) : null,
    download_url: downloadable ? EXPORT_FILE_PATH : null,
  };
}

/** The account's newest export (data_exports_user_id_id_idx), or null. */
export const latestExport = (ctx: AppContext, userId: string) =>
  ctx.db.selectFrom('data_exports').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();

/** Asks for a new export; a 409 while one is being made. */
export async function requestExport(ctx: AppContext, userId: string): Promise<DataExportRow> {
  try {
    return await ctx.db.insertInto('data_exports').values({ user_id: userId }).returningAll().executeTakeFirstOrThrow();
  } catch (error) {
    if (uniqueViolation(error) === 'data_exports_one_running_key') throw exportInProgress();
    throw error;
  }
}

interface ClaimedExport {
  id: string;
  user_id: string;
  attempts: number;
}

/** The oldest export waiting, or one whose runner stopped touching it: marked running, attempt counted. */
export const claimExport = (ctx: AppContext, now = new Date()) =>
  claimJob<ClaimedExport>(ctx.db, { table: 'data_exports', waiting: 'requested', staleMs: EXPORT_STALE_MS }, ['id', 'user_id', 'attempts'], now);

/** A key of the media store that no media address names (no sha256), so /media/ never serves it. */
const exportKey = () => `ex/pt/${randomBytes(24).toString('hex')}-export.zip`;

/** Makes one claimed export, stores it, and emails its link; a failure is tried again once, then fails. */
export async function runExport(ctx: AppContext, job: ClaimedExport, log: Log<'error'>, now = new Date()): Promise<'ready' | 'failed' | 'retry'> {
  const fail = (error: string) =>
    ctx.db.updateTable('data_exports').set({ state: 'failed', error, updated_at: new Date() }).where('id', '=', job.id).execute();
  if (job.attempts > EXPORT_ATTEMPTS) {
    await fail('The export stopped several times without finishing.');
    return 'failed';
  }
  const heartbeat = setInterval(() => {
    ctx.db.updateTable('data_exports').set({ updated_at: new Date() }).where('id', '=', job.id).execute().catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const key = exportKey();
  try {
    const zip: Readable = await exportZip(ctx, job.user_id, now);
    await ctx.media.put(key, zip, 'application/zip');
    const size = await ctx.media.size(key);
    const token = newToken();
    const ready = await ctx.db
      .updateTable('data_exports')
      .set({ state: 'ready', file: key, size: String(size ?? 0), token_hash: hashToken(token), expires_at: new Date(Date.now() + EXPORT_LINK_DAYS * DAY_MS), error: null, updated_at: new Date() })
      .where('id', '=', job.id)
      .where('state', '=', 'running')
      .returning('id')
      .executeTakeFirst();
    const user = await ctx.db.selectFrom('users').select(['email', 'deleted_at']).where('id', '=', job.user_id).executeTakeFirst();
    // The account was deleted meanwhile: the file goes at once, and no link is sent.
    if (!ready || !user || user.deleted_at) {
      await ctx.media.remove(key);
      await ctx.db.updateTable('data_exports').set({ file: null, token_hash: null }).where('id', '=', job.id).execute();
      return 'failed';
    }
    await exportReadyMail(ctx, user.email, `${ctx.config.publicUrl}${exportLinkPath(token)}`).catch((error: unknown) =>
      // The file is ready and the settings page offers it: a lost email is no failed export.
      log.error({ err: error, export: job.id }, 'export email could not be sent'),
    );
    return 'ready';
  } catch (error) {
    log.error({ err: error, export: job.id }, 'export failed');
    await ctx.media.remove(key).catch(() => {});
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    if (job.attempts >= EXPORT_ATTEMPTS) {
      await fail(message);
      return 'failed';
    }
    await ctx.db.updateTable('data_exports').set({ state: 'requested', error: message, updated_at: new Date() }).where('id', '=', job.id).execute();
    return 'retry';
  } finally {
    clearInterval(heartbeat);
  }
}

/** Files of exports whose week is over are removed, and their links end with them. */
export async function removeExpiredExports(ctx: AppContext, now = new Date()): Promise<number> {
  const expired = await ctx.db.selectFrom('data_exports').select(['id', 'file']).where('file', 'is not', null).where('expires_at', '<', now).execute();
  for (const row of expired) {
    await ctx.media.remove(row.file!);
    await ctx.db.updateTable('data_exports').set({ file: null, token_hash: null, updated_at: now }).where('id', '=', row.id).execute();
  }
  return expired.length;
}

/** Runs every waiting export (until `signal` aborts), then removes expired files; the ids it ran. */
export async function runExportsOnce(ctx: AppContext, log: Log<'error'>, signal?: AbortSignal): Promise<string[]> {
  const ran: string[] = [];
  while (!signal?.aborted) {
    const job = await claimExport(ctx);
    if (!job) break;
    await runExport(ctx, job, log);
    ran.push(job.id);
  }
  if (!signal?.aborted) await removeExpiredExports(ctx);
  return ran;
}

/** A downloadable export, by the emailed link's token (or the session's newest), else the 404 of a spent link. */
export const exportLinkGone = () =>
  new AppError(404, ErrorCode.notFound, 'That export link is over a week old, or the export was replaced or deleted. Ask for a new export from your account settings.');

export async function exportByToken(ctx: AppContext, token: string): Promise<DataExportRow> {
  const row = await ctx.db
    .selectFrom('data_exports as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .selectAll('e')
    .where('e.token_hash', '=', hashToken(token))
    .where('e.state', '=', 'ready')
    .where('e.expires_at', '>', new Date())
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row?.file) throw exportLinkGone();
  return row;
}

export async function newestReadyExport(ctx: AppContext, userId: string): Promise<DataExportRow> {
  const row = await latestExport(ctx, userId);
  if (!row || exportView(row).download_url === null) throw exportLinkGone();
  return row;
}
