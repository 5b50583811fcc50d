import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { ERRORS, ErrorResponse } from '../../contracts/errors.js';
import type * as HttpErrors from '../lib/http-error.js';
import { HTTP_API } from '../../contracts/http-api.js';
import { splitCallKey, type HttpCall, type HttpCallKey } from '../../contracts/http-call.js';
import { setModerator } from '../modules/moderation/moderators.js';
import { buildUser, type BuiltUser } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

/**
 * The table (src/contracts/http-api.ts) cannot drift from the routes: each call, made with an empty body by a
 * signed-in person and by a visitor, must parse with exactly the table's schemas (parseInput is watched), answer
 * a status the table declares in its shape or else the shared error shape, and refuse visitors (before reading
 * the body) exactly when the table says it is for signed-in people. Answers an empty body cannot reach are the
 * feature tests' to check.
 */

/** The schemas routes validate with, in order, since the last reset. */
const parsed = vi.hoisted((): unknown[] => []);
vi.mock('../lib/http-error.js', async (importOriginal) => {
  const real = await importOriginal<typeof HttpErrors>();
  return {
    ...real,
    parseInput: (schema: z.ZodType, input: unknown): unknown => {
      parsed.push(schema);
      return real.parseInput(schema, input);
    },
  };
});

let server: TestServer;
let person: BuiltUser;
beforeAll(async () => {
  server = await startTestServer();
  person = await buildUser(server.client());
  // A moderator, so the moderators' calls read their input too (a person who is not one is refused first).
  await setModerator(server.testDb.db.kysely, person.user.username, true);
});
afterAll(() => server.close());

// Signing out ends the session the other calls use, so it goes last.
const calls = (Object.entries(HTTP_API) as Array<[HttpCallKey, HttpCall]>).sort(
  ([a], [b]) => Number(a === 'POST /api/users/logout') - Number(b === 'POST /api/users/logout'),
);

/** The call's path with the person's own username or id for each parameter: ids of nothing else are as good. */
const urlOf = (path: string) =>
  path.replace(/:(\w+)/g, (_match, name: string) =>
    ['query', 'username'].includes(name) ? person.user.username : person.user._id,
  );

const emptyBody = (method: string) => (['GET', 'DELETE'].includes(method) ? undefined : {});

/** What the table says each schema is, to name it in a failure. */
const names = new Map<unknown, string>();
for (const [key, call] of calls) {
  if (call.body) names.set(call.body, `${key} body`);
  if (call.query) names.set(call.query, `${key} query`);
}
const named = (schemas: readonly unknown[]) =>
  schemas.map((schema) => names.get(schema) ?? 'a schema not in the table');

describe('the HTTP API table against the running app', () => {
  it.each(calls)('%s: validates with the table’s schemas and answers in its shapes', async (key, call) => {
    const { method, path } = splitCallKey(key);
    parsed.length = 0;
    const res = await person.client.request(method, urlOf(path), emptyBody(method));

    const declared = [call.body, call.query].filter((schema) => schema !== undefined);
    expect(named(parsed), 'schemas the route parsed with').toEqual(named(declared));

    const answer = call.answers[res.status];
    if (!answer) {
      expect(res.status, 'an undeclared status is an error').toBeGreaterThanOrEqual(400);
      expect(ErrorResponse.safeParse(res.body).error).toBeUndefined();
      return;
    }
    const mediaType = res.headers.get('content-type')?.split(';')[0] ?? '';
    if (!answer.content) return expect(res.body).toBe('');
    const schema = answer.content[mediaType];
    expect(schema, `${mediaType} is declared`).toBeDefined();
    if (schema && schema !== 'binary') expect(schema.safeParse(res.body).error).toBeUndefined();
  });

  it.each(calls)(
    '%s: refuses a visitor exactly when the table says it is for signed-in people',
    async (key, call) => {
      const { method, path } = splitCallKey(key);
      // A broken body answers 400 wherever it is read, so a refusal that comes first never read it.
      const withBody = emptyBody(method) !== undefined;
      const res = await server
        .client()
        .request(
          method,
          urlOf(path),
          withBody ? '{broken' : undefined,
          withBody ? { 'content-type': 'application/json' } : {},
        );
      if (call.access !== 'public') {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: ERRORS.notSignedIn, code: 'not_signed_in' });
      } else expect(res.status, `answered ${res.status}`).not.toBe(401);
    },
  );
});
