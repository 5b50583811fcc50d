import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_API } from '../../contracts/http-api.js';
import type { Message } from '../../contracts/messages.js';
import { SendMessageAck } from '../../contracts/realtime.js';
import { unreachableUrl } from '../test/local-model.js';
import { buildPersona, buildUser, type BuiltUser } from '../test/factories.js';
import type { Answer } from '../test/http-client.js';
import { connectSocket } from '../test/socket-client.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const picture = `data:image/png;base64,${PNG.toString('base64')}`;

/** Calls `call` until it answers 429 (at most `tries` times) and returns that answer. */
async function until429(call: () => Promise<Answer>, tries = 50): Promise<Answer> {
  for (let i = 0; i < tries; i += 1) {
    const answer = await call();
    if (answer.status === 429) return answer;
  }
  throw new Error(`no 429 in ${tries} calls`);
}

function expectRetryAfter(answer: Answer): void {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

/**
 * Routes that share a parameter's place under different names print them together (`:otherUserId|:messageId`):
 * the route is the one the HTTP API table declares.
 */
function declaredKey(method: string, path: string): string {
  const alternatives = path
    .split('/')
    .reduce<string[]>(
      (paths, segment) => paths.flatMap((start) => segment.split('|').map((one) => `${start}/${one}`)),
      [''],
    )
    .map((one) => `${method} ${one.slice(1)}`);
  return alternatives.find((key) => key in HTTP_API) ?? `${method} ${path}`;
}

const ROUTE_LINE = /^([│├└─ ]*)(\/\S*)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route declared with rateLimited() ("METHOD /pattern"), read from the app's own route table: its
 * preHandler is the function named rateLimit. The tree indents each node under its parent's path.
 */
function rateLimitedRoutes(app: FastifyInstance): string[] {
  const found = new Set<string>();
  const parents: { depth: number; path: string }[] = [];
  let methods: string[] = [];
  let path = '';
  for (const line of app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n')) {
    const route = ROUTE_LINE.exec(line);
    if (route) {
      const depth = route[1]?.length ?? 0;
      while ((parents.at(-1)?.depth ?? -1) >= depth) parents.pop();
      path = (parents.at(-1)?.path ?? '') + (route[2] ?? '');
      parents.push({ depth, path });
      methods = (route[3] ?? '').split(', ').filter((method) => method && method !== 'HEAD');
    } else if (line.includes('(preHandler)') && line.includes('"rateLimit()"')) {
      for (const method of methods) found.add(declaredKey(method, path));
    }
  }
  return [...found].sort();
}

/** A server whose per-minute limits allow one call a minute (memory edits and web lookups keep their own). */
async function serverWithLimitsOfOne(overrides: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({
    AUTH_RATE_LIMIT: '1',
    MESSAGE_RATE_LIMIT: '1',
    DIRECTORY_RATE_LIMIT: '1',
    SEARCH_RATE_LIMIT: '1',
    WIKI_API_URL: await unreachableUrl('w/api.php'),
    ...overrides,
  });
}

describe('every 429 says when to try again', () => {
  let server: TestServer;
  let me: BuiltUser;
  beforeAll(async () => {
    server = await serverWithLimitsOfOne({
      SAVED_ITEMS_PER_DAY: '1',
      PICTURES_PER_DAY: '1',
      DISCUSSIONS_PER_DAY: '1',
    });
    me = await buildUser(server.client());
  });
  afterAll(() => server.close());

  it('messages over HTTP (Retry-After) and over the socket (retryAfterMs), and memory edits', async () => {
    const persona = await buildPersona(me.client);
    const first = await me.client.post<Message>('/api/messages', { message: 'hi', recipientId: persona._id });
    expect(first.status).toBe(201);
    expectRetryAfter(await me.client.post('/api/messages', { message: 'again', recipientId: persona._id }));

    const socket = await connectSocket(server.baseUrl, me.client, { userId: me.user._id });
    const ack = await new Promise<SendMessageAck>((resolve) =>
      socket.emit('sendMessage', { message: 'by socket', recipientId: persona._id }, resolve),
    );
    socket.close();
    expect(SendMessageAck.parse(ack)).toMatchObject({
      code: 'rate_limited',
      retryAfterMs: expect.any(Number),
    });

    const settings = `/api/messages/conversations/${first.body.conversationId}/memory/settings`;
    expectRetryAfter(await until429(() => me.client.put(settings, { enabled: true })));
  });

  it('the daily allowances: saved items, pictures, roundtables', async () => {
    const save = () =>
      me.client.post('/api/actions/createAction', { userId: me.user._id, type: 'note', memory: 'a note' });
    expectRetryAfter(await until429(save, 3));

    const setPicture = () => me.client.put(`/api/users/update/${me.user._id}`, { profilePic: picture });
    expectRetryAfter(await until429(setPicture, 3));

    const seats = [(await buildPersona(me.client))._id, (await buildPersona(me.client))._id];
    const start = async () => {
      const started = await me.client.post<{ _id: string }>('/api/charioteer/discussions', {
        topic: 'Tea or coffee?',
        personaIds: seats,
      });
      if (started.status === 201)
        await me.client.post(`/api/charioteer/discussions/${started.body._id}/stop`);
      return started;
    };
    const refused = await until429(start, 3);
    expectRetryAfter(refused);
    expect(refused.body).toMatchObject({ code: 'quota_exceeded' });
  });

  it('joining in a roundtable (at the message rate)', async () => {
    const seats = [(await buildPersona(me.client))._id, (await buildPersona(me.client))._id];
    const started = await me.client.post<{ _id: string }>('/api/charioteer/discussions', {
      topic: 'Cats or dogs?',
      personaIds: seats,
    });
    // The day's one roundtable may already be spent by the test above; then there is nothing to join.
    const discussions = await me.client.get<{ _id: string }[]>('/api/charioteer/discussions');
    const id = started.status === 201 ? started.body._id : discussions.body[0]?._id;
    const joinIn = () => me.client.post(`/api/charioteer/discussions/${id}/messages`, { text: 'Me too' });
    expectRetryAfter(await until429(joinIn, 3));
  });
});

describe('every route declared rateLimited (sign-up, log-in, directory, search, web lookup…)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Sign-ins are counted per address, and with TEST_REDIS_URL in Redis, where the block above already spent
    // the one sign-up a limit of 1 allows; a limit of 2 is counted under its own key.
    server = await serverWithLimitsOfOne({ AUTH_RATE_LIMIT: '2' });
  });
  afterAll(() => server.close());

  it('answers 429 with Retry-After once its limit is spent', async () => {
    const me = await buildUser(server.client());
    const persona = await buildPersona(me.client);
    const sent = await me.client.post<Message>('/api/messages', { message: 'hi', recipientId: persona._id });
    const memory = `/api/messages/conversations/${sent.body.conversationId}/memory`;
    const seats = [(await buildPersona(me.client))._id, (await buildPersona(me.client))._id];
    const discussion = await me.client.post<{ _id: string }>('/api/charioteer/discussions', {
      topic: 'Tea or coffee?',
      personaIds: seats,
    });
    const credentials = { username: me.user.username, password: me.password };

    const walks: Record<string, () => Promise<Answer>> = {
      'POST /api/users/signup': () => server.client().post('/api/users/signup', credentials),
      'POST /api/users/login': () => server.client().post('/api/users/login', credentials),
      'GET /api/users/directory': () => me.client.get('/api/users/directory'),
      'GET /api/search': () => me.client.get('/api/search?q=tea'),
      'POST /api/ai/web': () => me.client.post('/api/ai/web', { phrase: 'tea' }),
      'POST /api/messages/conversations/:conversationId/memory': () =>
        me.client.post(memory, { text: 'Likes tea.' }),
      'PUT /api/messages/conversations/:conversationId/memory/settings': () =>
        me.client.put(`${memory}/settings`, { enabled: true }),
      'PATCH /api/messages/conversations/:conversationId/memory/:itemId': () =>
        me.client.request('PATCH', `${memory}/gone`, { text: 'Likes coffee.' }),
      'DELETE /api/messages/conversations/:conversationId/memory/:itemId': () =>
        me.client.request('DELETE', `${memory}/gone`),
      'POST /api/charioteer/discussions/:id/messages': () =>
        me.client.post(`/api/charioteer/discussions/${discussion.body._id}/messages`, { text: 'Me too' }),
      'PUT /api/users/blocks/:userId': () => me.client.put(`/api/users/blocks/${me.user._id}`),
      'DELETE /api/users/blocks/:userId': () =>
        me.client.request('DELETE', `/api/users/blocks/${me.user._id}`),
      'POST /api/reports': () =>
        me.client.post('/api/reports', { kind: 'persona', targetId: persona._id, reason: 'spam' }),
      'PUT /api/messages/conversations/:conversationId/mute': () =>
        me.client.put(`/api/messages/conversations/${sent.body.conversationId}/mute`, { muted: true }),
      // Edits and deletions share one bucket (sized like sending); reactions have their own. All are counted
      // before the message is looked up.
      'PATCH /api/messages/:messageId': () => me.client.patch('/api/messages/none', { text: 'fixed' }),
      'DELETE /api/messages/:messageId': () => me.client.delete('/api/messages/none'),
      'PUT /api/messages/:messageId/reactions/:emoji': () =>
        me.client.put(`/api/messages/${sent.body._id}/reactions/${encodeURIComponent('👍')}`),
      'DELETE /api/messages/:messageId/reactions/:emoji': () =>
        me.client.delete(`/api/messages/${sent.body._id}/reactions/${encodeURIComponent('👍')}`),
      'GET /api/users/me/archive': () => me.client.get('/api/users/me/archive'),
      // A wrong password: every attempt is counted, and the account stays.
      'DELETE /api/users/me': () => me.client.request('DELETE', '/api/users/me', { password: 'not it' }),
      // Counted before the room is looked up: a room that is not there costs its caller the same.
      'POST /api/rooms': () => me.client.post('/api/rooms', { name: 'Room', people: ['nobody_at_all'] }),
      'PATCH /api/rooms/:roomId': () => me.client.patch('/api/rooms/none', { name: 'Room' }),
      'POST /api/rooms/:roomId/members': () => me.client.post('/api/rooms/none/members', { people: ['x'] }),
      'DELETE /api/rooms/:roomId/members/:memberId': () => me.client.delete('/api/rooms/none/members/none'),
      'PUT /api/rooms/:roomId/owner': () => me.client.put('/api/rooms/none/owner', { memberId: 'none' }),
      'PUT /api/rooms/:roomId/personas/:personaId/bench': () =>
        me.client.put('/api/rooms/none/personas/none/bench', { benched: true }),
      'PUT /api/rooms/:roomId/mute': () => me.client.put('/api/rooms/none/mute', { muted: true }),
      'POST /api/rooms/:roomId/read': () => me.client.post('/api/rooms/none/read', { messageId: 'none' }),
      'POST /api/rooms/:roomId/stop': () => me.client.post('/api/rooms/none/stop', {}),
      'POST /api/rooms/:roomId/personas/:personaId/memory': () =>
        me.client.post('/api/rooms/none/personas/none/memory', { text: 'A fact.' }),
      'PATCH /api/rooms/:roomId/personas/:personaId/memory/:itemId': () =>
        me.client.patch('/api/rooms/none/personas/none/memory/none', { text: 'A fact.' }),
      'DELETE /api/rooms/:roomId/personas/:personaId/memory/:itemId': () =>
        me.client.delete('/api/rooms/none/personas/none/memory/none'),
      // Counted before the subscription is checked: a refused endpoint costs its caller the same.
      'PUT /api/notifications/push-subscription': () =>
        me.client.put('/api/notifications/push-subscription', { endpoint: 'https://push.example.com/x' }),
      'DELETE /api/notifications/push-subscription': () =>
        me.client.request('DELETE', '/api/notifications/push-subscription', {
          endpoint: 'https://x.example/y',
        }),
    };
    expect(rateLimitedRoutes(server.app)).toEqual(Object.keys(walks).sort());
    for (const walk of Object.values(walks)) expectRetryAfter(await until429(walk));
  });
});
