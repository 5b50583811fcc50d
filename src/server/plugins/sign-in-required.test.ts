import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_API } from '../../contracts/http-api.js';
import { type HttpCall } from '../../contracts/http-call.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// openapi-conformance.test.ts checks that every call the API table marks for signed-in people refuses a visitor
// before reading the body, and no other; this file keeps the table from opening more than a visitor needs.
describe('open calls', () => {
  it('are only health, readiness, the API description, public settings, signup, login and logout', () => {
    const open = Object.entries(HTTP_API as Record<string, HttpCall>)
      .filter(([, call]) => call.access === 'public')
      .map(([key]) => key);
    expect(open).toEqual([
      'GET /api/health',
      'GET /api/ready',
      'GET /api/openapi.json',
      'GET /api/config',
      'POST /api/users/signup',
      'POST /api/users/login',
      'POST /api/users/logout',
    ]);
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
