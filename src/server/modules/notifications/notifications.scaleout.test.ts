import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { TestClient } from '../../test/http-client.js';
import { startPushEndpoint, type PushEndpoint } from '../../test/push-endpoint.js';
import type { ServerProcess } from '../../test/server-process.js';
import { nextEvent, pause } from '../../test/socket-client.js';
import { scaleOutRedisUrl, startTwoProcesses, type TwoProcesses } from '../../test/two-processes.js';

// Notifications with two processes sharing PostgreSQL, Redis and a data folder: a tab on screen in the other
// process counts, one push leaves per message, and both processes sign with the same VAPID keys.
const redisUrl = scaleOutRedisUrl();

let cluster: TwoProcesses;
let push: PushEndpoint;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  push = await startPushEndpoint();
  cluster = await startTwoProcesses({ REDIS_URL: redisUrl, PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' });
  ({ a, b } = cluster);
});

afterAll(async () => {
  await cluster?.close();
  await push?.close();
});

describe('notifications across processes', () => {
  it('sends none while the recipient’s tab on the other process is on screen, and exactly one once it is hidden', async () => {
    const ada = await buildUser(new TestClient(a.baseUrl));
    const bob = await buildUser(new TestClient(a.baseUrl));
    const device = push.device();
    expect((await ada.client.put('/api/notifications/push-subscription', device.subscription)).status).toBe(
      200,
    );
    const adaOnB = await cluster.signIn(b, ada);
    const tab = await cluster.on(b, adaOnB);
    await pause(100);

    const seen = nextEvent(tab, 'newMessage', 5000);
    await bob.client.post('/api/messages', { message: 'while you look', recipientId: ada.user._id });
    await seen;
    await pause(500);
    expect(device.requests).toBe(0);

    tab.emit('visibility', { visible: false });
    await pause(100);
    const arrived = device.next(5000);
    await bob.client.post('/api/messages', { message: 'while you are away', recipientId: ada.user._id });
    const received = await arrived;
    expect(received.payload).toMatchObject({ body: 'while you are away' });
    await pause(500);
    expect(device.requests).toBe(1);

    const keyOf = async (client: TestClient) =>
      (await client.get<{ publicKey: string }>('/api/notifications/vapid-public-key')).body.publicKey;
    expect(received.vapidValid).toBe(true);
    expect(await keyOf(ada.client)).toBe(received.vapidKey);
    expect(await keyOf(adaOnB.client)).toBe(received.vapidKey);
  });
});
