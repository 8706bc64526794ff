/**
 * The OpenAPI document (GET /api/openapi.json): valid OpenAPI 3.1, describing exactly the calls
 * the server routes (both ways, and each documented call really answered by its route), each
 * with what an integrator needs: a summary, its answers, its roles, examples for the main calls.
 * That every answer keeps the document's word is checked by every API test (tests/support/api.ts).
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES } from '../../site/contract/roles.ts';
import { apiCalls } from '../security/support.ts';
import { testServer } from '../support/harness.ts';

const site = testServer({ admin: true });
let document: OpenAPIV3_1.Document;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** Every operation of the document as "METHOD /path/{param}". */
const documented = () =>
  Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => `${method.toUpperCase()} ${path}`),
  );
const operation = (call: string) => {
  const [method, path] = call.split(' ') as [string, string];
  return document.paths![path]![method.toLowerCase() as 'get']!;
};
/** Hono's `/:id` as OpenAPI's `/{id}`. */
const asTemplate = (call: string) => call.replace(/:(\w+)/g, '{$1}');

beforeAll(async () => {
  const answer = await site.call('GET', '/api/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body;
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, readable by anyone, sent as JSON with the API headers', async () => {
    const answer = await site.call('GET', '/api/openapi.json');
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(document.openapi).toMatch(/^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every call the server routes, and no call it does not', () => {
    const routed = apiCalls().map(asTemplate).sort();
    expect(documented().sort()).toEqual(routed);
  });

  it('describes no call that its route does not answer', async () => {
    const unknown = await site.asAdmin('GET', '/api/no-such-call');
    expect(unknown.status).toBe(404);
    for (const call of documented()) {
      const [method, template] = call.split(' ') as [string, string];
      // A made-up but well-formed value for each parameter: the route answers (maybe 404 "no such
      // event", 400 …), never the API's "no such call".
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => exampleParameter(name));
      if (!path.startsWith('/api/')) continue;
      const answer = await site.asAdmin(method, path, method === 'GET' || method === 'DELETE' ? {} : { json: {} });
      expect({ call, message: answer.body?.message }).not.toEqual({ call, message: unknown.body.message });
    }
  });

  it('says of every call what it does, its answers, and which roles may call it', () => {
    for (const call of documented()) {
      const described = operation(call);
      expect(described.summary, call).toMatch(/^\S.{2,}/);
      expect(described.tags?.length, call).toBe(1);
      const statuses = Object.keys(described.responses ?? {});
      expect(
        statuses.some((status) => Number(status) < 400),
        `${call} answers ${statuses}`,
      ).toBe(true);
      const roles = (described as { 'x-roles'?: string[] })['x-roles'];
      // A call that reads its token itself (the first account's setup, a preview) may go without.
      const tokenOptional = described.security?.some((requirement) => Object.keys(requirement).length === 0);
      if (tokenOptional) {
        expect(statuses.includes('401') || statuses.includes('403'), `${call} answers ${statuses}`).toBe(true);
        expect(described.description, call).toMatch(/token/);
      } else if (described.security?.length) {
        expect(roles?.length, call).toBeGreaterThan(0);
        expect(statuses, call).toContain('401');
        // A role is refused (403) only where some role may not.
        expect(statuses.includes('403'), call).toBe(roles!.length < ROLES.length);
        const permission = Object.values(PERMISSIONS).find((candidate) => candidate.roles.join() === roles!.join());
        expect(permission, `${call}: ${roles}`).toBeDefined();
      } else {
        expect(roles, call).toBeUndefined();
      }
    }
  });

  it('shows examples for the main calls and names the token scheme', () => {
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const call of ['POST /api/admin/login', 'POST /api/events', 'POST /api/news', 'PUT /api/settings']) {
      const body = operation(call).requestBody as OpenAPIV3_1.RequestBodyObject;
      expect(body.content['application/json']?.example, call).toBeDefined();
    }
  });
});

/** A value of the form the parameter takes, naming nothing that exists. */
function exampleParameter(name: string): string {
  const values: Record<string, string> = {
    id: '00000000-0000-4000-8000-000000000000',
    imageId: `${'0'.repeat(32)}.png`,
    documentId: `${'0'.repeat(32)}.pdf`,
    name: 'nothing.png',
    slug: 'admissions',
    username: 'nobody',
    version: '999999',
    kind: 'news',
    role: 'headmistress',
  };
  const value = values[name];
  if (!value) throw new Error(`No example value for the path parameter {${name}}`);
  return value;
}
