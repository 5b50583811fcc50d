import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, type BuiltUser } from '../../test/factories.js';
import { collect, connectSocket, nextEvent, pause, type TestSocket } from '../../test/socket-client.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { newId, nowIso } from '../../lib/ids.js';
import { memoryPresence } from '../../realtime/presence.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import { messagesRepository, orderedPair } from './messages.repository.js';
import type * as PresenceModule from './presence.service.js';
import { silentEmitter } from '../../test/silent-emitter.js';

/** What the app's presence service did: its contacts queries, onlineAmong calls and emits (kept real). */
const spy = vi.hoisted(() => ({
  contactQueries: [] as string[][],
  onlineAmongCalls: 0,
  emits: [] as Array<{ event: string; to: string[]; about: unknown }>,
  /** While set, a batch waits in its contacts query, so every change made meanwhile joins the next batch. */
  hold: undefined as Promise<void> | undefined,
}));

vi.mock('./presence.service.js', async (importOriginal) => {
  const original = await importOriginal<typeof PresenceModule>();
  const presenceService: typeof original.presenceService = (presence, repo, emitter) =>
    original.presenceService(
      {
        ...presence,
        onlineAmong: (userIds) => {
          spy.onlineAmongCalls += 1;
          return presence.onlineAmong(userIds);
        },
      },
      {
        ...repo,
        contactsOfMany: async (userIds) => {
          spy.contactQueries.push([...userIds]);
          await spy.hold;
          return repo.contactsOfMany(userIds);
        },
      },
      {
        ...emitter,
        toUsers: (userIds, event, ...args) => {
          spy.emits.push({ event, to: userIds, about: args[0] });
          emitter.toUsers(userIds, event, ...args);
        },
      },
    );
  return { ...original, presenceService };
});

let server: TestServer;
const open: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => server.close());

const person = () => buildUser(server.client());

/** Opens a tab; `online` is the getOnlineUsers list it is sent once its batch is handled. */
async function tab(user: BuiltUser): Promise<{ socket: TestSocket; online: Promise<string[]> }> {
  let online: Promise<string[]> | undefined;
  const socket = await connectSocket(server.baseUrl, user.client, {}, (s) => {
    online = nextEvent(s, 'getOnlineUsers', 10_000);
  });
  open.push(socket);
  return { socket, online: online as Promise<string[]> };
}

/** Makes people contacts (a conversation each) without sending, so no presence is introduced. */
/** The real presence service over memory presence, without the spy, and what it told whom, as lines. */
async function unspiedService() {
  const { presenceService } = await vi.importActual<typeof PresenceModule>('./presence.service.js');
  const told: string[] = [];
  const emitter: RealtimeEmitter = silentEmitter({
    toUsers: (to, event, ...args) => void told.push(`${event} ${String(args[0])} to ${to.join()}`),
  });
  const repo = messagesRepository(server.testDb.db.kysely, server.testDb.db.engine);
  return { service: presenceService(memoryPresence(), repo, emitter), told };
}

async function contacts(user: BuiltUser, others: BuiltUser[]): Promise<void> {
  const now = nowIso();
  await server.testDb.db.kysely
    .insertInto('conversations')
    .values(
      others.map((o) => ({
        id: newId(),
        ...orderedPair(user.user._id, o.user._id),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
}

/**
 * Runs `changes` while a batch is held in its contacts query, so all of them land together in the next
 * batch, however slowly the machine opens sockets; returns when that batch has started.
 */
async function inOneBatch(changes: () => Promise<void>): Promise<void> {
  let release = () => {};
  spy.hold = new Promise((resolve) => (release = resolve));
  const before = spy.contactQueries.length;
  await tab(await person());
  await vi.waitFor(() => expect(spy.contactQueries.length).toBe(before + 1));
  await changes();
  // The server counts a closed tab when the close frame arrives; give it time to.
  await pause(150);
  spy.hold = undefined;
  release();
}

const emitsAbout = (userId: string) => spy.emits.filter((e) => e.about === userId);

describe('presence batches', () => {
  it('tells only online contacts: no emit for an offline one, none at all when all are offline', async () => {
    const [ada, bob, carol, loner] = await Promise.all([person(), person(), person(), person()]);
    await contacts(ada, [bob, carol]);
    await contacts(loner, [carol]);
    const bobTab = await tab(bob);
    expect(await bobTab.online).toEqual([]);

    const bobHears = nextEvent(bobTab.socket, 'userOnline');
    const adaTab = await tab(ada);
    expect(await bobHears).toBe(ada.user._id);
    expect(await adaTab.online).toEqual([bob.user._id]);
    expect(emitsAbout(ada.user._id)).toEqual([
      { event: 'userOnline', to: [bob.user._id], about: ada.user._id },
    ]);

    const lonerTab = await tab(loner);
    expect(await lonerTab.online).toEqual([]);
    const bobHearsOffline = nextEvent(bobTab.socket, 'userOffline');
    adaTab.socket.close();
    lonerTab.socket.close();
    expect(await bobHearsOffline).toBe(ada.user._id);
    await pause(100);
    expect(emitsAbout(ada.user._id)).toEqual([
      { event: 'userOnline', to: [bob.user._id], about: ada.user._id },
      { event: 'userOffline', to: [bob.user._id], about: ada.user._id },
    ]);
    expect(emitsAbout(loner.user._id)).toEqual([]);
  });

  it('a tab that closes and reopens within one batch tells contacts nothing (real sockets)', async () => {
    const [ada, bob] = await Promise.all([person(), person()]);
    await contacts(ada, [bob]);
    const bobTab = await tab(bob);
    const first = await tab(ada);
    expect(await first.online).toEqual([bob.user._id]);
    await pause(100);
    const heardOnline = collect(bobTab.socket, 'userOnline');
    const heardOffline = collect(bobTab.socket, 'userOffline');
    const emitted = spy.emits.length;

    let reopened: Awaited<ReturnType<typeof tab>> | undefined;
    await inOneBatch(async () => {
      first.socket.close();
      reopened = await tab(ada);
    });
    expect(await reopened?.online).toEqual([bob.user._id]);
    await pause(150);
    expect([heardOnline, heardOffline]).toEqual([[], []]);
    expect(spy.emits.slice(emitted).filter((e) => e.about === ada.user._id)).toEqual([]);
  });

  it('100 tabs opening in one batch cost one contacts query and one onlineAmong', async () => {
    const hub = await person();
    const people = await Promise.all(Array.from({ length: 100 }, person));
    await contacts(hub, people);
    const hubTab = await tab(hub);
    expect(await hubTab.online).toEqual([]);
    const heard = collect(hubTab.socket, 'userOnline');

    const tabs: Array<Awaited<ReturnType<typeof tab>>> = [];
    let queriesBefore = 0;
    let onlineAmongBefore = 0;
    await inOneBatch(async () => {
      queriesBefore = spy.contactQueries.length;
      onlineAmongBefore = spy.onlineAmongCalls;
      tabs.push(...(await Promise.all(people.map(tab))));
    });
    for (const t of tabs) expect(await t.online).toEqual([hub.user._id]);
    await vi.waitFor(() => expect(heard).toHaveLength(100));

    const ids = people.map((p) => p.user._id).sort();
    // The held batch (the helper's tab, no contacts, so no onlineAmong) had queried before; then one batch.
    expect(spy.contactQueries.slice(queriesBefore).map((q) => [...q].sort())).toEqual([ids]);
    expect(spy.onlineAmongCalls - onlineAmongBefore).toBe(1);
    expect([...heard].sort()).toEqual(ids);
  }, 60_000);

  it('a tab that reopens within the reconnect grace tells nobody, though batches ran in between', async () => {
    const [ada, bob] = await Promise.all([person(), person()]);
    await contacts(ada, [bob]);
    const { service, told } = await unspiedService();
    await service.connected(bob.user._id);
    await service.connected(ada.user._id);
    const adaOnline = `userOnline ${ada.user._id} to ${bob.user._id}`;
    expect(told).toEqual([adaOnline]);

    const closed = service.disconnected(ada.user._id);
    // A turn of the event loop: without the grace, the close's batch would have told Bob by now.
    await new Promise((resolve) => setImmediate(resolve));
    await service.connected(ada.user._id);
    await closed;
    expect(told).toEqual([adaOnline]);

    await service.disconnected(ada.user._id);
    expect(told).toEqual([adaOnline, `userOffline ${ada.user._id} to ${bob.user._id}`]);
  });

  it('after a Redis outage, users here are announced again to their online contacts, and only to them', async () => {
    const [ada, bob, cleo] = await Promise.all([person(), person(), person()]);
    await contacts(ada, [bob, cleo]);
    const { service, told } = await unspiedService();
    await service.connected(bob.user._id);
    await service.connected(ada.user._id);
    told.length = 0;

    // Nothing changed here, so a flush has nothing to say; Bob, on another process, may have lost Ada meanwhile.
    await service.reannounce([ada.user._id, bob.user._id]);
    expect(told.sort()).toEqual(
      [
        `userOnline ${ada.user._id} to ${bob.user._id}`,
        `userOnline ${bob.user._id} to ${ada.user._id}`,
      ].sort(),
    );
  });
});
