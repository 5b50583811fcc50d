import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../contracts/messages.js';
import { APP_ICON } from '../../../contracts/notifications.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import {
  startPushEndpoint,
  type PushBehaviour,
  type PushEndpoint,
  type TestDevice,
} from '../../test/push-endpoint.js';
import { startRoom } from '../../test/rooms.js';
import { nextEvent, pause } from '../../test/socket-client.js';

// Who is notified of what, and how a push leaves: against a fake push service that decrypts what it receives.
const app = fakeAiApp({ env: { PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' } });
let push: PushEndpoint;
beforeAll(async () => {
  push = await startPushEndpoint();
});
afterAll(() => push.close());

/** A person with notifications on for one device of the fake push service. */
async function personWithDevice(
  behaviour: PushBehaviour = 'accept',
): Promise<BuiltUser & { device: TestDevice }> {
  const person = await buildUser(app.server.client(), {
    name: `Reader ${Math.random().toString(36).slice(2, 6)}`,
  });
  const device = push.device(behaviour);
  const on = await person.client.put('/api/notifications/push-subscription', device.subscription);
  expect(on.status).toBe(200);
  return { ...person, device };
}

const dm = async (from: BuiltUser, to: BuiltUser | { _id: string }, message: string) => {
  const recipientId = 'user' in to ? to.user._id : to._id;
  const sent = await from.client.post<Message>('/api/messages', { message, recipientId });
  expect(sent.status).toBe(201);
  return sent.body;
};
const bodies = (device: TestDevice) => device.received.map((p) => (p.payload as { body: string }).body);
const devicesOf = (userId: string) =>
  app.server.testDb.db.kysely
    .selectFrom('pushSubscriptions')
    .select('id')
    .where('userId', '=', userId)
    .execute();

/**
 * Sends `message` that must not notify, then a control from someone else that must: once the control arrives
 * (the first was decided on before it), the device must have received nothing else.
 */
async function expectNoPush(device: TestDevice, to: BuiltUser, notify: () => Promise<unknown>) {
  const before = device.received.length;
  await notify();
  await pause(100);
  const control = await buildUser(app.server.client());
  const arrived = device.next();
  await dm(control, to, 'control');
  await arrived;
  expect(bodies(device).slice(before)).toEqual(['control']);
}

describe('a new DM while no tab of the recipient is on screen', () => {
  it('arrives as one push, signed with the server’s VAPID key and encrypted for the device', async () => {
    const ada = await personWithDevice();
    const bob = await buildUser(app.server.client(), { name: 'Bob Sender' });
    const arrived = ada.device.next();
    const sent = await dm(bob, ada, `Hello Ada, ${'a long story '.repeat(20)}`);
    const received = await arrived;
    const { body: key } = await ada.client.get<{ publicKey: string }>('/api/notifications/vapid-public-key');
    expect(received.vapidValid).toBe(true);
    expect(received.vapidKey).toBe(key.publicKey);
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(received.headers.ttl).toBe(String(24 * 60 * 60));
    expect(received.payload).toEqual({
      title: 'Bob Sender',
      body: `${`Hello Ada, ${'a long story '.repeat(20)}`.slice(0, 120)}…`,
      icon: APP_ICON,
      url: `/chat/:${bob.user.username}`,
      tag: sent.conversationId,
    });
    await pause(100);
    expect(ada.device.received).toHaveLength(1);
  });

  it('is not sent while a tab is on screen, and is once every tab is hidden', async () => {
    const ada = await personWithDevice();
    const bob = await buildUser(app.server.client());
    const tab = await app.tab(ada);
    const shown = nextEvent(tab, 'newMessage');
    await dm(bob, ada, 'while you look');
    await shown;
    await pause(200);
    tab.emit('visibility', { visible: false });
    await pause(50);
    const arrived = ada.device.next();
    await dm(bob, ada, 'while you are away');
    await arrived;
    expect(bodies(ada.device)).toEqual(['while you are away']);
  });

  it('is never sent for one’s own messages, a muted conversation or from someone blocked', async () => {
    const ada = await personWithDevice();
    const bob = await personWithDevice();
    await expectNoPush(bob.device, bob, () => dm(bob, ada, 'mine'));
    const first = ada.device.next();
    const sent = await dm(bob, ada, 'before the mute');
    await first;
    const muted = await ada.client.put(`/api/messages/conversations/${sent.conversationId}/mute`, {
      muted: true,
    });
    expect(muted.status).toBe(200);
    await expectNoPush(ada.device, ada, () => dm(bob, ada, 'muted'));

    // A blocked person can still write in a room they share; an @name from them notifies nobody.
    const carol = await personWithDevice();
    const dave = await buildUser(app.server.client());
    const room = await startRoom(carol, [dave]);
    expect((await carol.client.put(`/api/users/blocks/${dave.user._id}`)).status).toBe(204);
    await expectNoPush(carol.device, carol, async () => {
      const said = await dave.client.post(`/api/rooms/${room._id}/messages`, {
        message: `@${carol.user.username} look`,
      });
      expect(said.status).toBe(201);
    });
  });
});

describe('in a room', () => {
  it('notifies the people an @name reaches (not the others), opening the room', async () => {
    const ada = await personWithDevice();
    const bob = await personWithDevice();
    const carol = await buildUser(app.server.client());
    const room = await startRoom(carol, [ada, bob]);
    const arrived = ada.device.next();
    await expectNoPush(bob.device, bob, async () => {
      const said = await carol.client.post(`/api/rooms/${room._id}/messages`, {
        message: `hey @${ada.user.username.toUpperCase()}!`,
      });
      expect(said.status).toBe(201);
      expect((await arrived).payload).toMatchObject({ url: `/chat/room/${room._id}`, tag: room._id });
    });
  });

  it('notifies the person whose message a persona answered', async () => {
    const ada = await personWithDevice();
    const bob = await buildUser(app.server.client());
    const persona = await buildPersona(ada.client, { name: 'Room Sage' });
    const room = await startRoom(ada, [bob], { personas: [persona.username] });
    app.fake.enqueue({ text: 'A wise answer.' });
    const arrived = ada.device.next(10_000);
    await ada.client.post(`/api/rooms/${room._id}/messages`, { message: `@${persona.username} advise me` });
    expect((await arrived).payload).toMatchObject({
      title: 'Room Sage',
      body: 'A wise answer.',
      tag: room._id,
    });
  });
});

describe('a persona’s reply in a DM', () => {
  it('notifies the person it answers when it is finished', async () => {
    const ada = await personWithDevice();
    const persona = await buildPersona(ada.client, { name: 'Sage' });
    app.fake.enqueue({ text: 'Here is my answer.' });
    const arrived = ada.device.next(10_000);
    const sent = await dm(ada, persona, 'a question');
    expect((await arrived).payload).toMatchObject({
      title: 'Sage',
      body: 'Here is my answer.',
      url: `/chat/:${persona.username}`,
      tag: sent.conversationId,
    });
  });
});

describe('delivery to the push service', () => {
  it('forgets a device the service says is gone (404 or 410)', async () => {
    for (const behaviour of ['gone', 'not-found'] as const) {
      const ada = await personWithDevice(behaviour);
      const bob = await buildUser(app.server.client());
      expect(await devicesOf(ada.user._id)).toHaveLength(1);
      await dm(bob, ada, 'are you there');
      await expect.poll(() => devicesOf(ada.user._id)).toEqual([]);
      expect(ada.device.requests).toBe(1);
    }
  });

  it('tries again after a 500 (as soon as Retry-After says), and keeps the device', async () => {
    const ada = await personWithDevice('fail-once');
    const bob = await buildUser(app.server.client());
    const arrived = ada.device.next();
    await dm(bob, ada, 'second time lucky');
    expect((await arrived).payload).toMatchObject({ body: 'second time lucky' });
    expect(ada.device.requests).toBe(2);
    expect(await devicesOf(ada.user._id)).toHaveLength(1);
  });

  it('never slows a DM’s delivery to an open tab, even when the push service never answers', async () => {
    /** Milliseconds from sending each of `n` DMs to the recipient's tab showing it. */
    async function deliveryTimes(behaviour: PushBehaviour | undefined, n: number): Promise<number[]> {
      const withDevice = behaviour ? await personWithDevice(behaviour) : undefined;
      const ada = withDevice ?? (await buildUser(app.server.client()));
      const bob = await buildUser(app.server.client());
      const tab = await app.tab(ada);
      tab.emit('visibility', { visible: false });
      await pause(20);
      const times: number[] = [];
      for (let i = 0; i < n; i += 1) {
        const start = performance.now();
        const shown = nextEvent(tab, 'newMessage');
        await dm(bob, ada, `message ${i}`);
        await shown;
        times.push(performance.now() - start);
      }
      if (withDevice) expect(withDevice.device.requests).toBeGreaterThan(0);
      return times;
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const without = median(await deliveryTimes(undefined, 9));
    const hanging = median(await deliveryTimes('hang', 9));
    // The push waits up to 10 s for an answer; the chat must not notice (a margin for a busy machine).
    expect(hanging).toBeLessThan(without + 50);
  });
});
