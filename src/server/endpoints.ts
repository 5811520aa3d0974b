// The table of every endpoint the server answers, by area: the place to start reading the server.
// Each entry is a declaration (http/endpoint.ts) that says who may call, what it reads and loads, and
// how it answers; register-endpoints.ts registers the table once at start, http/openapi.ts describes it at
// GET /api/openapi.json, and the authorization matrix and the junk-input walk enumerate it.
import cluster from 'node:cluster';
import { z } from 'zod';
import { APP_VERSION } from '../shared/version';
import { blogViewerEndpoints } from './blog-viewer/routes';
import { askEndpoints } from './asks/routes';
import { accountEndpoints } from './account/routes';
import { accountSettingsEndpoints } from './account/settings-routes';
import { blogEndpoints } from './blogs/routes';
import type { AppContext } from './context';
import { exploreEndpoints } from './explore/routes';
import { federationEndpoints } from './federation/routes';
import { adsEndpoints } from './ads/routes';
import { appealEndpoints } from './appeals/routes';
import { activityEndpoints } from './activity/routes';
import { blockEndpoints } from './blocks/routes';
import { flagEndpoints } from './flags/routes';
import { followEndpoints } from './follows/routes';
import { endpoint, type Endpoint } from './http/endpoint';
import { openApiDocument } from './http/openapi';
import { leavingEndpoints } from './leaving/routes';
import { likeEndpoints } from './likes/routes';
import { linkEndpoints } from './links/routes';
import { blogSearchEndpoints } from './search/blog-search-routes';
import { siteSearchEndpoints } from './search/posts-search-routes';
import { gifSearchEndpoints } from './search/routes';
import { insightsEndpoints } from './logging/insights-routes';
import { loggingEndpoints } from './logging/routes';
import { mediaEndpoints } from './media/routes';
import { moderationEndpoints } from './moderation/routes';
import { videoLogEndpoints } from './video-log/routes';
import { messagingEndpoints } from './messaging/routes';
import { noteEndpoints } from './notes/routes';
import { permalinkEndpoints } from './posts/permalink';
import { postEndpoints } from './posts/routes';
import { tagEndpoints } from './tags/routes';
import { sendError } from './http/envelope';
import { shareEndpoints } from './share/routes';
import { userEndpoints } from './user/routes';
import { databaseUnavailable } from './http/errors';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.string(),
  bus: z.object({ kind: z.string(), status: z.string() }),
  /** Which worker answered (WORKERS=N: 1 to N); 0 for a single process. */
  worker: z.number().int(),
  /** This process's id: which of several servers behind a proxy answered. */
  pid: z.number().int(),
});

/** The operator's probe: the database answers, and whether the bus reaches the other processes. */
const health = endpoint({
  method: 'GET',
  path: '/healthz',
  area: 'health',
  summary: "Whether this process serves: the database answers (503 otherwise), and the event bus's state.",
  access: 'token',
  answer: { raw: 'json', description: 'The health as plain JSON, not the envelope (what load balancers read).' },
  handle: async ({ ctx, reply }) => {
    try {
      await ctx.database.ping();
      // The bus degraded (Redis unreachable) still serves every request; only other processes' pokes wait.
      const busHealth = ctx.bus.health();
      return reply.send(healthSchema.parse({ status: busHealth === 'ok' ? 'ok' : 'degraded', database: ctx.database.kind, bus: { kind: ctx.bus.kind, status: busHealth }, worker: cluster.worker?.id ?? 0, pid: process.pid }));
    } catch {
      return sendError(reply, databaseUnavailable());
    }
  },
});

/** Every endpoint; built once at start (a few areas keep per-process services, built with the context). */
export function endpointTable(ctx: AppContext): Endpoint[] {
  const table: Endpoint[] = [health, ...flagEndpoints, ...likeEndpoints, ...messagingEndpoints, ...askEndpoints];
  table.push(...accountEndpoints, ...accountSettingsEndpoints, ...userEndpoints, ...blogEndpoints, ...shareEndpoints);
  table.push(...postEndpoints, ...permalinkEndpoints, ...noteEndpoints, ...tagEndpoints, ...activityEndpoints, ...followEndpoints, ...blockEndpoints);
  table.push(...gifSearchEndpoints, ...blogSearchEndpoints, ...siteSearchEndpoints, ...exploreEndpoints, ...blogViewerEndpoints, ...linkEndpoints(ctx));
  table.push(...mediaEndpoints);
  table.push(...loggingEndpoints(ctx), ...insightsEndpoints);
  table.push(...adsEndpoints);
  table.push(...videoLogEndpoints);
  table.push(...moderationEndpoints);
  table.push(...appealEndpoints);
  table.push(...federationEndpoints);
  table.push(...leavingEndpoints);
  let document: object | null = null;
  table.push(
    endpoint({
      method: 'GET',
      path: '/api/openapi.json',
      area: 'api',
      summary: 'This API described as OpenAPI 3.1, made from the same declarations the server runs.',
      access: 'anyone',
      answer: { raw: 'json', description: 'The OpenAPI 3.1 document.' },
      handle: async ({ reply }) => {
        document ??= openApiDocument(table, APP_VERSION);
        return reply.header('cache-control', 'public, max-age=300').send(document);
      },
    }),
  );
  return table;
}
