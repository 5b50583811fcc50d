import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorResponse } from '../../contracts/errors.js';
import { HTTP_API } from '../../contracts/http-api.js';
import { splitCallKey, type HttpAnswer, type HttpCall, type HttpCallKey } from '../../contracts/http-call.js';
import { SESSION_COOKIE } from './session.js';

export const OPENAPI_PATH = '/api/openapi.json';

type JsonSchema = z.core.JSONSchema.BaseSchema;
type JsonObject = Record<string, unknown>;

const ERROR_SCHEMA = { $ref: '#/components/schemas/ErrorResponse' };
const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_SCHEMA } },
});

/**
 * A contract schema as JSON Schema: a request as a client may send it (before defaults and trimming), an
 * answer as the server writes it. What JSON Schema cannot say (a transform's result) becomes `{}` instead of
 * failing the start; the OpenAPI test finds any such hole.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    // zod closes every object of an answer; answers may gain fields, which clients ignore (the web's schemas
    // drop them), so they stay open.
    override: ({ jsonSchema }) => {
      if (io === 'output' && jsonSchema.additionalProperties === false)
        delete jsonSchema.additionalProperties;
    },
  });
  // OpenAPI 3.1's own dialect is 2020-12; a $schema on every fragment would only repeat it.
  delete converted.$schema;
  return converted;
}

/** `/api/x/:id` in OpenAPI's spelling, `/api/x/{id}`, with the names of its path parameters. */
export function openApiPath(path: string): { path: string; names: string[] } {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  return { path: path.replace(/:(\w+)/g, '{$1}'), names };
}

function queryParameters(query: z.ZodType): JsonObject[] {
  const { properties = {}, required = [] } = toJsonSchema(query, 'input');
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema,
  }));
}

function answer({ description, content, headers }: HttpAnswer): JsonObject {
  return {
    description,
    ...(headers && {
      headers: Object.fromEntries(
        Object.entries(headers).map(([name, about]) => [
          name,
          { description: about, schema: { type: 'string' } },
        ]),
      ),
    }),
    ...(content && {
      content: Object.fromEntries(
        Object.entries(content).map(([mediaType, schema]) => [
          mediaType,
          // A file has no schema worth the name; OpenAPI 3.1 leaves binary content without one.
          schema === 'binary' ? {} : { schema: toJsonSchema(schema, 'output') },
        ]),
      ),
    }),
  };
}

function operation(key: HttpCallKey, call: HttpCall, pathParameters: string[]): JsonObject {
  const parameters = [
    ...pathParameters.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...(call.query ? queryParameters(call.query) : []),
  ];
  const responses: JsonObject = Object.fromEntries(
    Object.entries(call.answers).map(([status, described]) => [status, answer(described)]),
  );
  if (call.body || call.query) responses['400'] = { $ref: '#/components/responses/InvalidInput' };
  if (call.access !== 'public') responses['401'] = { $ref: '#/components/responses/NotSignedIn' };
  responses.default = { $ref: '#/components/responses/Failure' };
  return {
    operationId: key,
    summary: call.summary,
    ...(call.access !== 'public' && { security: [{ session: [] }] }),
    ...(parameters.length > 0 && { parameters }),
    ...(call.body && {
      requestBody: {
        // A missing body reads as {} (parseInput), so only a schema that refuses {} needs one.
        required: !call.body.safeParse({}).success,
        content: { 'application/json': { schema: toJsonSchema(call.body, 'input') } },
      },
    }),
    responses,
  };
}

/** The OpenAPI 3.1 document of the HTTP API, from its table of contracts (src/contracts/http-api.ts). */
export function openApiDocument(): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const [key, call] of Object.entries(HTTP_API) as Array<[HttpCallKey, HttpCall]>) {
    const { method, path } = splitCallKey(key);
    const openApi = openApiPath(path);
    paths[openApi.path] = {
      ...paths[openApi.path],
      [method.toLowerCase()]: operation(key, call, openApi.names),
    };
  }
  const body = {
    paths,
    components: {
      schemas: { ErrorResponse: toJsonSchema(ErrorResponse, 'output') },
      responses: {
        InvalidInput: errorAnswer('The body or query broke a contract rule; the message names the field.'),
        NotSignedIn: errorAnswer('No session, or it ended.'),
        Failure: errorAnswer(
          'Any other refusal or failure. 429 and 503 carry Retry-After; the code says what happened.',
        ),
      },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie that signing up or in sets (httpOnly).',
        },
      },
    },
  };
  // The version changes exactly when the API's description does.
  const version = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 12);
  return {
    openapi: '3.1.1',
    info: {
      title: 'Simplified HTTP API',
      version,
      description:
        'Every call answers JSON unless stated; every error is { error, code } (src/contracts/errors.ts). ' +
        'Calls that change anything must come from the app’s own pages (Origin), or get 403 foreign_origin.',
    },
    ...body,
  };
}

/** GET /api/openapi.json: built once at start, public, and cacheable by its ETag. */
export function registerOpenApi(app: FastifyInstance): void {
  const document = JSON.stringify(openApiDocument());
  const etag = `"${createHash('sha256').update(document).digest('hex').slice(0, 16)}"`;
  app.get(OPENAPI_PATH, {
    // A route's own onSend runs after the app's, which marks every API answer no-store (security.ts).
    onSend: async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300').header('etag', etag);
    },
    handler: async (request, reply) => {
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(document);
    },
  });
}
