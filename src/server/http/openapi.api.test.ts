// The API description (GET /api/openapi.json) is made from the declared endpoints: it validates as
// OpenAPI 3.1 with a maintained validator, and it names every route the server registered, each
// with its form-key rule and error codes. A route registered outside the declarations fails here.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../shared/version';
import { createTestApp, get, type TestApp } from '../test/test-app';
import { openApiPath } from './openapi';

let t: TestApp;
let document: { openapi: string; info: { version: string }; paths: Record<string, Record<string, Record<string, unknown>>> };

beforeAll(async () => {
  t = await createTestApp();
  const answer = await get(t.app, '/api/openapi.json');
  expect(answer.statusCode).toBe(200);
  document = answer.json();
});
afterAll(() => t.close());

/** What the server registered, as Fastify saw it: HEAD routes Fastify adds for each GET left out. */
const registered = () => t.app.routeTable.filter((route) => route.method !== 'HEAD');

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(APP_VERSION);
  });

  it('lists every registered route, with its form-key rule and error codes', () => {
    const missing = registered().filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]);
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    for (const route of registered()) {
      const operation = document.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
      expect(operation['x-form-key'], `${route.method} ${route.url}`).toBe(route.method !== 'GET' && route.formKey);
      expect((operation['x-error-codes'] as number[]).length).toBeGreaterThan(0);
    }
  });

  it('describes a declared answer and what a route loads', () => {
    const likes = document.paths['/svc/user/likes']!.get!;
    expect(likes['x-access']).toBe('user');
    const schema = (likes.responses as Record<string, { content: Record<string, { schema: { properties: { response: { properties: Record<string, unknown> } } } }> }>)['200']!;
    expect(Object.keys(schema.content['application/json']!.schema.properties.response.properties)).toEqual(expect.arrayContaining(['posts', 'next']));
  });
});

describe('the declarations', () => {
  it('are the only way a route is registered', () => {
    const declared = new Set(t.app.endpoints.map((e) => `${e.method} ${e.path}`));
    const outside = registered().filter((route) => !declared.has(`${route.method} ${route.url}`));
    expect(outside.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });
});
