import diagnostics from 'node:diagnostics_channel';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HTTP_API } from '../../contracts/http-api.js';
import { splitCallKey, type HttpCall, type HttpCallKey } from '../../contracts/http-call.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { OPENAPI_PATH, openApiDocument, openApiPath, toJsonSchema } from './openapi.js';

type Json = Record<string, unknown>;

/** Every method and path the app registers under /api, heard as Fastify adds them. */
const registered = new Set<string>();
const heard = (message: unknown) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', ({ method, url }) => {
    // HEAD routes are Fastify's own twins of the GET ones.
    for (const one of [method].flat())
      if (one !== 'HEAD' && url.startsWith('/api/')) registered.add(`${one} ${url}`);
  });
};

let server: TestServer;
beforeAll(async () => {
  diagnostics.subscribe('fastify.initialization', heard);
  try {
    server = await startTestServer();
  } finally {
    diagnostics.unsubscribe('fastify.initialization', heard);
  }
});
afterAll(() => server.close());

const calls = Object.entries(HTTP_API) as Array<[HttpCallKey, HttpCall]>;

/** Every registered route missing from the table, and every table entry no route answers. */
function drift(routes: ReadonlySet<string>, table: readonly string[]) {
  return {
    undocumented: [...routes].filter((route) => !table.includes(route)).sort(),
    unserved: table.filter((key) => !routes.has(key)).sort(),
  };
}

const pointer = (at: string, key: string | number) =>
  `${at}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Each schema object in the document, with its JSON Pointer. */
function* schemasIn(node: unknown, at: string): Generator<[string, Json]> {
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'schema') yield* subschemas(value as Json, pointer(at, key));
    else if (key === 'schemas')
      for (const [name, schema] of Object.entries(value as Json))
        yield* subschemas(schema as Json, pointer(pointer(at, key), name));
    else yield* schemasIn(value, pointer(at, key));
  }
}

/** A JSON Schema and the schemas nested in it. */
function* subschemas(schema: Json, at: string): Generator<[string, Json]> {
  yield [at, schema];
  for (const [key, value] of Object.entries(schema)) {
    const here = pointer(at, key);
    if (key === 'properties')
      for (const [name, inner] of Object.entries(value as Json))
        yield* subschemas(inner as Json, pointer(here, name));
    else if (['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(key))
      for (const [index, inner] of (value as Json[]).entries())
        yield* subschemas(inner, pointer(here, index));
    else if (
      ['items', 'additionalProperties', 'propertyNames', 'not'].includes(key) &&
      typeof value === 'object'
    )
      yield* subschemas(value as Json, here);
  }
}

const SAYS_WHAT_IT_IS = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'const', 'enum'];

describe('GET /api/openapi.json', () => {
  it('answers the OpenAPI 3.1 document, public and cacheable', async () => {
    const res = await server.client().get<Json>(OPENAPI_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.openapi).toMatch(/^3\.1\.\d+$/);
    expect(res.body).toEqual(openApiDocument());
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');

    const etag = res.headers.get('etag') ?? '';
    const again = await server.client().request('GET', OPENAPI_PATH, undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('describes every route the app registers under /api, with its method, and nothing else', () => {
    expect(registered.size).toBeGreaterThan(30);
    expect(drift(registered, Object.keys(HTTP_API))).toEqual({ undocumented: [], unserved: [] });

    const paths = openApiDocument().paths as Record<string, Json>;
    for (const route of registered) {
      const { method, path } = splitCallKey(route as HttpCallKey);
      expect(paths[openApiPath(path).path]?.[method.toLowerCase()], route).toBeDefined();
    }
  });

  it('notices a route missing from the table', () => {
    const withoutSearch = Object.keys(HTTP_API).filter((key) => key !== 'GET /api/search');
    expect(drift(registered, withoutSearch).undocumented).toEqual(['GET /api/search']);
  });

  it('marks calls for signed-in people with the session cookie, and only those', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, Json>>;
    for (const [key, call] of calls) {
      const { method, path } = splitCallKey(key);
      const operation = paths[openApiPath(path).path]?.[method.toLowerCase()];
      expect(operation?.security, key).toEqual(call.access !== 'public' ? [{ session: [] }] : undefined);
    }
  });

  it('gives every schema a type, a reference or a combination, and errors the shared shape', () => {
    const document = openApiDocument();
    const vague = [...schemasIn(document, '#')]
      .filter(([, schema]) => !SAYS_WHAT_IT_IS.some((keyword) => keyword in schema))
      .map(([where]) => where);
    // z.unknown() says "anything" on purpose: the values of a card's data and of the document itself.
    expect(vague).toEqual([
      '#/paths/~1api~1openapi.json/get/responses/200/content/application~1json/schema/additionalProperties',
      '#/paths/~1api~1ai~1cards~1{username}/get/responses/200/content/application~1json/schema/properties/data/additionalProperties',
    ]);
    const components = document.components as { responses: Record<string, Json> };
    for (const answer of Object.values(components.responses))
      expect(answer.content).toEqual({
        'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
      });
  });

  it('leaves no contract schema unrepresentable', () => {
    const holes: string[] = [];
    const check = (where: string, schema: z.ZodType, io: 'input' | 'output') => {
      try {
        z.toJSONSchema(schema, { io, unrepresentable: 'throw' });
      } catch {
        holes.push(where);
      }
    };
    for (const [key, call] of calls) {
      if (call.body) check(`${key} body`, call.body, 'input');
      if (call.query) check(`${key} query`, call.query, 'input');
      for (const [status, { content = {} }] of Object.entries(call.answers))
        for (const schema of Object.values(content))
          if (schema !== 'binary') check(`${key} ${status}`, schema, 'output');
    }
    expect(holes).toEqual([]);
  });
});

describe('the generated request schemas', () => {
  /** A server that validates bodies with the generated JSON Schema alone (Fastify's Ajv, nothing coerced). */
  let validator: FastifyInstance;
  beforeAll(async () => {
    validator = Fastify({
      ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false } },
    });
    for (const [index, [, call]] of calls.entries())
      if (call.body)
        validator.post(`/${index}`, { schema: { body: toJsonSchema(call.body, 'input') } }, async () => ({}));
    await validator.ready();
  });
  afterAll(() => validator.close());

  const accepts = async (key: HttpCallKey, body: Json) => {
    const index = calls.findIndex(([one]) => one === key);
    return (await validator.inject({ method: 'POST', url: `/${index}`, payload: body })).statusCode === 200;
  };

  const EXAMPLES: Array<[HttpCallKey, Json]> = [
    [
      'POST /api/users/signup',
      { name: 'Ada', username: 'Ada_L', email: 'ADA@example.com ', password: 'correct horse' },
    ],
    ['POST /api/messages', { message: ' hi ', recipientId: 'someone', clientMessageId: 'abcdefgh12' }],
    [
      'PUT /api/users/update/:id',
      { bio: 'Hello', password: '', peopleVoice: { name: 'x', rate: 1, pitch: 1 } },
    ],
    ['POST /api/charioteer/discussions', { topic: 'Tea', personaIds: ['a', 'b'], turns: 3 }],
    [
      'POST /api/ai/createAI',
      { name: 'Guide', username: 'guide', bio: 'Calm', prompt: 'Be calm', tag: 'Helper' },
    ],
  ];

  it.each(EXAMPLES)('%s: a body the contract accepts, the JSON Schema accepts too', async (key, body) => {
    expect(HTTP_API[key as keyof typeof HTTP_API]).toHaveProperty('body');
    const call: HttpCall = HTTP_API[key as keyof typeof HTTP_API];
    expect(call.body?.safeParse(body).success).toBe(true);
    expect(await accepts(key, body)).toBe(true);
  });

  it.each(EXAMPLES)('%s: a body missing a field or of the wrong type, both refuse', async (key, body) => {
    const call: HttpCall = HTTP_API[key as keyof typeof HTTP_API];
    const [first] = Object.keys(body);
    const wrongType = { ...body, [first ?? '']: 12 };
    expect(call.body?.safeParse(wrongType).success).toBe(false);
    expect(await accepts(key, wrongType)).toBe(false);
  });
});
