import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_LIMITS } from '../../../contracts/notifications.js';
import { buildUser, type BuiltUser } from '../../test/factories.js';
import { startPushEndpoint, type PushEndpoint } from '../../test/push-endpoint.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

// Turning a device's notifications on and off: what is accepted, what is refused, and how many devices one keeps.
let server: TestServer;
let push: PushEndpoint;
beforeAll(async () => {
  server = await startTestServer({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' });
  push = await startPushEndpoint();
});
afterAll(async () => {
  await server.close();
  await push.close();
});

const PATH = '/api/notifications/push-subscription';
const subscribe = (user: BuiltUser, body: unknown) => user.client.put(PATH, body);
const devicesOf = async (userId: string) =>
  server.testDb.db.kysely
    .selectFrom('pushSubscriptions')
    .select(['endpoint', 'p256dh', 'auth'])
    .where('userId', '=', userId)
    .execute();
const withEndpoint = (endpoint: string) => ({ ...push.device().subscription, endpoint });

describe('a device’s push subscription', () => {
  it('gives signed-in people the server’s VAPID public key, and nobody else', async () => {
    const me = await buildUser(server.client());
    const answer = await me.client.get<{ publicKey: string }>('/api/notifications/vapid-public-key');
    expect(answer.status).toBe(200);
    expect(answer.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(answer.body.publicKey, 'base64url')[0]).toBe(4);
    expect((await server.client().get('/api/notifications/vapid-public-key')).status).toBe(401);
    expect((await server.client().put(PATH, push.device().subscription)).status).toBe(401);
  });

  it('stores the device once however often it is sent, and removes it by its endpoint', async () => {
    const me = await buildUser(server.client());
    const device = push.device();
    const on = await subscribe(me, { ...device.subscription, expirationTime: null });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ subscribed: true });
    expect((await subscribe(me, device.subscription)).status).toBe(200);
    expect(await devicesOf(me.user._id)).toEqual([
      { endpoint: device.subscription.endpoint, ...device.subscription.keys },
    ]);
    const off = await me.client.request('DELETE', PATH, { endpoint: device.subscription.endpoint });
    expect(off.status).toBe(204);
    expect(await devicesOf(me.user._id)).toEqual([]);
  });

  it('moves a device to whoever subscribed it last, and lets nobody remove another person’s', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const device = push.device();
    await subscribe(ada, device.subscription);
    const notHers = await bob.client.request('DELETE', PATH, { endpoint: device.subscription.endpoint });
    expect(notHers.status).toBe(204);
    expect(await devicesOf(ada.user._id)).toHaveLength(1);
    await subscribe(bob, device.subscription);
    expect(await devicesOf(ada.user._id)).toEqual([]);
    expect(await devicesOf(bob.user._id)).toHaveLength(1);
  });

  it(`keeps ${PUSH_LIMITS.devicesPerPerson} devices a person, dropping the oldest`, async () => {
    const me = await buildUser(server.client());
    const devices = Array.from({ length: PUSH_LIMITS.devicesPerPerson + 2 }, () => push.device());
    for (const device of devices) expect((await subscribe(me, device.subscription)).status).toBe(200);
    const kept = (await devicesOf(me.user._id)).map((row) => row.endpoint).sort();
    expect(kept).toEqual(
      devices
        .slice(2)
        .map((d) => d.subscription.endpoint)
        .sort(),
    );
  });

  it('refuses malformed subscriptions with a JSON error', async () => {
    const me = await buildUser(server.client());
    const good = push.device().subscription;
    const bad: unknown[] = [
      {},
      { endpoint: good.endpoint },
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: `https://push.example.com/${'a'.repeat(PUSH_LIMITS.endpointMax)}` },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } },
      { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } },
      // 65 bytes that are no point on the curve.
      { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
    ];
    for (const body of bad) {
      const answer = await subscribe(me, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ error: expect.any(String) as string });
    }
    expect((await me.client.request('DELETE', PATH, {})).status).toBe(400);
    expect(await devicesOf(me.user._id)).toEqual([]);
  });

  it('refuses endpoints that are not public https hosts (the server would call them)', async () => {
    let me = await buildUser(server.client());
    const refused = [
      'http://push.example.com/x',
      'https://localhost/x',
      'https://push.localhost/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://172.16.0.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://redis/x',
      'https://metadata.google.internal/x',
      'https://push.example.com:6379/x',
      'https://user:pass@push.example.com/x',
      // The switch allows loopback over http only, for the test endpoint.
      'http://10.0.0.1:8080/x',
      'ftp://push.example.com/x',
    ];
    for (const [i, endpoint] of refused.entries()) {
      // Spread over people: each may change their devices only so often.
      if (i % 8 === 7) me = await buildUser(server.client());
      const answer = await subscribe(me, withEndpoint(endpoint));
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body).toMatchObject({ error: expect.stringMatching(/endpoint/) as string });
    }
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://8.8.8.8/x'])
      expect((await subscribe(me, withEndpoint(endpoint))).status, endpoint).toBe(200);
  });

  it('goes with the account when it is deleted', async () => {
    const me = await buildUser(server.client());
    await subscribe(me, push.device().subscription);
    expect(await devicesOf(me.user._id)).toHaveLength(1);
    expect((await me.client.request('DELETE', '/api/users/me', { password: me.password })).status).toBe(200);
    expect(await devicesOf(me.user._id)).toEqual([]);
  });
});

describe('without PUSH_ALLOW_LOCAL_ENDPOINTS', () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer();
  });
  afterAll(() => strict.close());

  it('refuses the local test endpoint', async () => {
    const me = await buildUser(strict.client());
    const answer = await me.client.put(PATH, push.device().subscription);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'endpoint must be an https URL', code: 'invalid_input' });
  });
});
