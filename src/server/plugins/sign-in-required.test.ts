import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../contracts/errors.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ID = '0190d6a8-0000-7000-8000-000000000000';

/** Every API call but signup, login, logout and health is behind the one sign-in hook. */
const PROTECTED: Array<[method: string, path: string]> = [
  ['GET', '/api/users/me'],
  ['GET', '/api/users/profile/ada'],
  ['PUT', `/api/users/update/${ID}`],
  ['GET', '/api/users/directory'],
  ['PUT', '/api/users/updateAiFields'],
  ['POST', '/api/ai/createAI'],
  ['POST', '/api/ai/cards/parse'],
  ['GET', '/api/ai/cards/ada'],
  ['GET', '/api/ai/status'],
  ['POST', '/api/ai/getAI'],
  ['POST', '/api/ai/getAI/stream'],
  ['POST', '/api/ai/web'],
  ['GET', '/api/messages/conversations'],
  ['GET', `/api/messages/${ID}`],
  ['POST', '/api/messages'],
  ['PUT', `/api/messages/conversations/updateConversation/${ID}`],
  ['POST', '/api/actions/createAction'],
  ['PATCH', `/api/actions/updateAction/${ID}`],
  ['GET', `/api/actions/getActions/${ID}`],
  ['DELETE', `/api/actions/deleteAction/${ID}`],
  ['GET', '/api/charioteer/discussions'],
  ['POST', '/api/charioteer/discussions'],
  ['GET', `/api/charioteer/discussions/${ID}`],
  ['POST', `/api/charioteer/discussions/${ID}/stop`],
];

describe('protected calls', () => {
  it.each(PROTECTED)('%s %s answers a visitor 401 before reading the body', async (method, path) => {
    // A broken body would be a 400 if anything parsed it first.
    const withBody = method !== 'GET' && method !== 'DELETE';
    const res = await server
      .client()
      .request(
        method,
        path,
        withBody ? '{broken' : undefined,
        withBody ? { 'content-type': 'application/json' } : {},
      );
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: ERRORS.notSignedIn, code: 'not_signed_in' });
  });

  it('leaves signup, login, logout and health open', async () => {
    const client = server.client();
    expect((await client.get('/api/health')).status).toBe(200);
    expect((await client.post('/api/users/logout', {})).status).toBe(200);
    expect(
      (await client.post('/api/users/login', { username: 'nobody', password: 'wrong-password' })).status,
    ).toBe(401);
    expect((await client.post('/api/users/signup', {})).status).toBe(400);
  });
});
