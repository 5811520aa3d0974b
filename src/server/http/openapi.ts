// The OpenAPI 3.1 description of the API, made from the declared endpoints (http/endpoint.ts) once,
// when first asked for, and served at GET /api/openapi.json. Shapes come from the same zod schemas
// that check each call, so the document cannot drift from what the server reads and answers.
// docs/api.md keeps the prose: rules, limits and decisions.
import { z, type ZodType } from 'zod';
import { isRawAnswer, needsFormKey, type Endpoint, type RawAnswer } from './endpoint';
import { ErrorCode } from './errors';

type Json = Record<string, unknown>;

const RAW_TYPES: Record<RawAnswer['raw'], string> = {
  html: 'text/html',
  file: 'application/octet-stream',
  'event-stream': 'text/event-stream',
  redirect: 'text/plain',
  svg: 'image/svg+xml',
  text: 'text/plain',
  json: 'application/json',
};

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); what JSON cannot say is left open. */
function jsonSchema(schema: ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }) as Json;
  delete out.$schema;
  return out;
}

/** Fastify's `/svc/blog/:name` as OpenAPI's `/svc/blog/{name}`; a trailing `*` as `{path}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}').replace(/\*$/, '{path}');
const pathNames = (path: string) => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!).concat(path.endsWith('*') ? ['path'] : []);

function parameters(e: Endpoint): Json[] {
  const params = e.params ? (jsonSchema(e.params, 'input').properties as Record<string, Json> | undefined) ?? {} : {};
  const path = pathNames(e.path).map((name) => ({ name, in: 'path', required: true, schema: params[name] ?? { type: 'string' } }));
  if (!e.query) return path;
  const query = jsonSchema(e.query, 'input');
  const required = new Set((query.required as string[] | undefined) ?? []);
  const properties = (query.properties as Record<string, Json> | undefined) ?? {};
  return path.concat(Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema })));
}

function requestBody(e: Endpoint): Json | undefined {
  if (e.method === 'GET') return undefined;
  const schema = e.body ? jsonSchema(e.body, 'input') : { type: 'object' };
  if (e.options?.multipart) {
    return { content: { 'multipart/form-data': { schema: { type: 'object' } }, 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } } };
  }
  return { required: Boolean(e.body), content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } } };
}

/** The codes a call may be refused with: validation, access, the form key, its loads and its own. */
function errorCodes(e: Endpoint): number[] {
  const codes = new Set<number>([ErrorCode.invalidInput]);
  if (e.access !== 'anyone') codes.add(ErrorCode.notLoggedIn);
  if (e.access === 'admin') codes.add(ErrorCode.forbidden);
  if (e.access === 'verified') codes.add(ErrorCode.notAllowed);
  if (needsFormKey(e)) codes.add(ErrorCode.badFormKey);
  if (e.rateLimit) codes.add(e.rateLimit.code ?? ErrorCode.rateLimited);
  for (const loader of Object.values(e.loads ?? {}) as { errors: readonly number[] }[]) for (const code of loader.errors) codes.add(code);
  for (const code of e.errors ?? []) codes.add(code);
  codes.add(ErrorCode.unavailable);
  return [...codes].sort((a, b) => a - b);
}

function answer(e: Endpoint): Json {
  if (isRawAnswer(e.answer)) return { description: e.answer.description, content: { [RAW_TYPES[e.answer.raw]]: { schema: {} } } };
  return {
    description: 'OK: the envelope, its `response` as below.',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['meta', 'response'],
          properties: { meta: { $ref: '#/components/schemas/Meta' }, response: jsonSchema(e.answer, 'output') },
        },
      },
    },
  };
}

const SECURITY: Record<Endpoint['access'], Json[] | undefined> = {
  anyone: [{}, { session: [] }],
  token: [{}],
  user: [{ session: [] }],
  verified: [{ session: [] }],
  admin: [{ session: [] }],
};

function operation(e: Endpoint): Json {
  const loads = Object.values(e.loads ?? {}) as { describe: string }[];
  const notes = [
    `Who may call: ${e.access === 'anyone' ? 'anyone, logged in or not' : e.access === 'token' ? 'anyone with the token the route names' : e.access === 'user' ? 'a logged-in user' : e.access === 'verified' ? 'a logged-in user with a verified email' : 'an admin'}.`,
    needsFormKey(e) ? 'Needs the form key (X-Form-Key header or form_key field).' : e.method !== 'GET' ? 'No form key; from this site\'s pages only.' : '',
    loads.length ? `Loads first: ${loads.map((l) => l.describe).join('; ')}.` : '',
    e.rateLimit ? `Rate limited: ${e.rateLimit.what}.` : '',
    e.paging ? `Pages by keyset: send back the answer's cursor as \`${e.paging.cursor}\`.` : '',
  ].filter(Boolean);
  const codes = errorCodes(e);
  return {
    operationId: `${e.method.toLowerCase()} ${e.path}`,
    tags: [e.area],
    summary: e.summary,
    description: notes.join('\n\n'),
    ...(SECURITY[e.access] ? { security: SECURITY[e.access] } : {}),
    parameters: parameters(e),
    ...(requestBody(e) ? { requestBody: requestBody(e) } : {}),
    'x-access': e.access,
    'x-form-key': needsFormKey(e),
    'x-error-codes': codes,
    responses: {
      200: answer(e),
      '4XX': {
        description: `Refused: the error envelope. Codes: ${codes.join(', ')}.`,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      },
    },
  };
}

export function openApiDocument(table: readonly Endpoint[], version: string): Json {
  const paths: Record<string, Json> = {};
  for (const e of table) {
    const key = openApiPath(e.path);
    paths[key] = { ...(paths[key] ?? {}), [e.method.toLowerCase()]: operation(e) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tumbleweed API',
      version,
      description: 'Every route the server answers, made from its declarations. Rules, limits and decisions are in docs/api.md.',
    },
    tags: [...new Set(table.map((e) => e.area))].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The session cookie set by login or registration.' },
      },
      schemas: {
        Meta: { type: 'object', required: ['status', 'msg'], properties: { status: { type: 'integer' }, msg: { type: 'string' } } },
        ErrorEnvelope: {
          type: 'object',
          required: ['meta', 'response', 'errors'],
          properties: {
            meta: { $ref: '#/components/schemas/Meta' },
            response: { type: 'object' },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['code', 'title'],
                properties: { code: { type: 'integer' }, title: { type: 'string' }, field: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  };
}
