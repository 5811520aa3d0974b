// The table of every endpoint the server answers, by area: the place to start reading the server.
// Each entry is a declaration (http/endpoint.ts) that says who may call, what it reads and loads, and
// how it answers; register-endpoints.ts registers the table once at start, http/openapi.ts describes it at
// GET /api/openapi.json, and the authorization matrix and the junk-input walk enumerate it.
import { z } from 'zod';
import { APP_VERSION } from '../shared/version';
import { accountEndpoints } from './account/routes';
import { accountSettingsEndpoints } from './account/settings-routes';
import { blogEndpoints } from './blogs/routes';
import type { AppContext } from './context';
import { flagEndpoints } from './flags/routes';
import { endpoint, type Endpoint } from './http/endpoint';
import { openApiDocument } from './http/openapi';
import { likeEndpoints } from './likes/routes';
import { sendError } from './http/envelope';
import { shareEndpoints } from './share/routes';
import { userEndpoints } from './user/routes';
import { databaseUnavailable } from './http/errors';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.string(),
  bus: z.object({ kind: z.string(), status: z.string() }),
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
      return reply.send(healthSchema.parse({ status: busHealth === 'ok' ? 'ok' : 'degraded', database: ctx.database.kind, bus: { kind: ctx.bus.kind, status: busHealth } }));
    } catch {
      return sendError(reply, databaseUnavailable());
    }
  },
});

/** Every endpoint; built once at start (a few areas keep per-process services, built with the context). */
export function endpointTable(_ctx: AppContext): Endpoint[] {
  const table: Endpoint[] = [
    health,
    ...flagEndpoints,
    ...likeEndpoints,
    ...accountEndpoints,
    ...accountSettingsEndpoints,
    ...userEndpoints,
    ...blogEndpoints,
    ...shareEndpoints,
  ];
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
