import { createECDH } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../contracts/messages.js';
import type { ArchiveProgress } from '../../../contracts/my-data.js';
import type { SelfUser } from '../../../contracts/users.js';
import { newId, nowIso } from '../../lib/ids.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { collect, connectSocket, type TestSocket } from '../../test/socket-client.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { downloadArchive, jsonOf, unzip } from '../../test/zip-archive.js';
import { dataUrl, TINY_PNG as PNG } from '../../test/pictures.js';

let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => sockets.splice(0).forEach((socket) => socket.close()));
afterAll(() => server.close());

const send = (from: BuiltUser, to: string, message: string) =>
  from.client.post<Message>('/api/messages', { message, recipientId: to });

async function tab(user: BuiltUser): Promise<TestSocket> {
  const socket = await connectSocket(server.baseUrl, user.client);
  sockets.push(socket);
  return socket;
}

describe('GET /api/users/me/archive', () => {
  it('holds everything the person owns or wrote, and nothing secret', async () => {
    const ada = await buildUser(server.client(), { name: 'Ada Archive' });
    const bob = await buildUser(server.client());
    const picture = dataUrl('image/png', PNG);
    const updated = await ada.client.put<SelfUser>(`/api/users/update/${ada.user._id}`, {
      bio: 'Keeps lighthouses',
      profilePic: picture,
    });
    expect(updated.status).toBe(200);
    const persona = await buildPersona(ada.client, { prompt: 'Hidden prompt: speak like a keeper.' });
    await ada.client.post('/api/actions/createAction', {
      userId: ada.user._id,
      type: 'note',
      memory: 'Buy lamp oil',
    });
    expect((await send(bob, ada.user._id, 'hello from bob')).status).toBe(201);
    expect((await send(ada, bob.user._id, 'hello from ada')).status).toBe(201);
    const toPersona = await send(ada, persona._id, 'tell me about the sea');
    const memory = `/api/messages/conversations/${toPersona.body.conversationId}/memory`;
    expect((await ada.client.post(memory, { text: 'Ada likes the sea.' })).status).toBe(201);
    const carol = await buildUser(server.client());
    expect((await ada.client.put(`/api/users/blocks/${carol.user._id}`)).status).toBe(204);
    const report = { kind: 'person', targetId: carol.user._id, reason: 'spam', note: 'adverts' };
    expect((await ada.client.post('/api/reports', report)).status).toBe(201);
    const device = createECDH('prime256v1');
    device.generateKeys();
    const keys = { p256dh: device.getPublicKey().toString('base64url'), auth: 'A'.repeat(22) };
    const endpoint = 'https://fcm.googleapis.com/fcm/send/secret-device-token';
    expect((await ada.client.put('/api/notifications/push-subscription', { endpoint, keys })).status).toBe(
      200,
    );

    const archive = await downloadArchive(ada.client);
    expect(archive.status).toBe(200);
    expect(archive.headers.get('content-type')).toBe('application/zip');
    expect(archive.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="simplified-${ada.user.username}-\\d{4}-\\d\\d-\\d\\d\\.zip"$`),
    );
    expect([...archive.files.keys()].sort()).toEqual(
      [
        'README.txt',
        'blocked.json',
        'charioteer.json',
        'conversations.json',
        'messages.json',
        'personas.json',
        'profile.json',
        'reports-filed.json',
        'notification-devices.json',
        'rooms.json',
        'saved-items.json',
        `pictures/${updated.body.profilePic.slice('/uploads/'.length)}`,
      ].sort(),
    );
    expect(archive.files.get(`pictures/${updated.body.profilePic.slice('/uploads/'.length)}`)).toEqual(PNG);
    expect(jsonOf(archive, 'profile.json')).toMatchObject({
      name: 'Ada Archive',
      username: ada.user.username,
      email: ada.user.email,
      bio: 'Keeps lighthouses',
    });
    expect(jsonOf(archive, 'personas.json')).toEqual([
      expect.objectContaining({ username: persona.username, prompt: 'Hidden prompt: speak like a keeper.' }),
    ]);
    expect(jsonOf(archive, 'saved-items.json')).toEqual([
      expect.objectContaining({ type: 'note', memory: 'Buy lamp oil' }),
    ]);
    const conversations = jsonOf<{ with: string; personaMemory?: { items: { text: string }[] } }[]>(
      archive,
      'conversations.json',
    );
    expect(conversations.map((c) => c.with).sort()).toEqual([bob.user.username, persona.username].sort());
    expect(conversations.find((c) => c.with === persona.username)?.personaMemory?.items).toEqual([
      expect.objectContaining({ text: 'Ada likes the sea.' }),
    ]);
    const messages = jsonOf<{ text: string; from: string; fromYou: boolean }[]>(archive, 'messages.json');
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ text: 'hello from bob', from: bob.user.username, fromYou: false }),
        expect.objectContaining({ text: 'hello from ada', from: ada.user.username, fromYou: true }),
        expect.objectContaining({ text: 'tell me about the sea', fromYou: true }),
      ]),
    );
    expect(jsonOf(archive, 'blocked.json')).toEqual([
      expect.objectContaining({ username: carol.user.username }),
    ]);
    expect(jsonOf(archive, 'notification-devices.json')).toEqual([
      { pushService: 'fcm.googleapis.com', since: expect.any(String) as string, lastNotified: null },
    ]);
    for (const secret of ['secret-device-token', keys.p256dh])
      for (const [name, bytes] of archive.files) expect(bytes.toString(), name).not.toContain(secret);
    expect(jsonOf(archive, 'reports-filed.json')).toEqual([
      expect.objectContaining({ kind: 'person', reason: 'spam', note: 'adverts', status: 'open' }),
    ]);
    const everything = [...archive.files.values()].map((b) => b.toString('utf8')).join('\n');
    expect(everything).not.toMatch(/argon2|passwordHash|tokenHash/);

    // Bob's archive has the conversation, not Ada's persona, notes or memory.
    const bobs = await downloadArchive(bob.client);
    const bobsText = [...bobs.files.values()].map((b) => b.toString('utf8')).join('\n');
    expect(bobsText).toContain('hello from ada');
    expect(bobsText).not.toMatch(/Hidden prompt|Buy lamp oil|Ada likes the sea|tell me about the sea/);
  });

  it('is for signed-in people only', async () => {
    expect((await server.client().get('/api/users/me/archive')).status).toBe(401);
  });

  it('lets a person start again at once after leaving a download halfway', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const { conversationId } = (await send(bob, ada.user._id, 'message 0')).body;
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      id: newId(),
      conversationId,
      senderId: bob.user._id,
      text: `filler message number ${i} with a few words in it`,
      createdAt: nowIso(),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await server.testDb.db.kysely
        .insertInto('messages')
        .values(rows.slice(i, i + 500))
        .execute();
    const leaving = new AbortController();
    const res = await fetch(`${server.baseUrl}/api/users/me/archive`, {
      headers: { cookie: ada.client.cookieHeader },
      signal: leaving.signal,
    });
    await (res.body as ReadableStream<Uint8Array>).getReader().read();
    leaving.abort();
    // The abandoned archive stops and lets go of the person's one archive at a time.
    await expect.poll(async () => (await downloadArchive(ada.client)).status, { timeout: 5000 }).toBe(200);
  });

  it(
    'streams 100,000 messages with progress while the server goes on answering',
    { timeout: 120_000 },
    async () => {
      const ada = await buildUser(server.client());
      const bob = await buildUser(server.client());
      const first = await send(bob, ada.user._id, 'message 0');
      const { conversationId } = first.body;
      const total = 100_000;
      const kysely = server.testDb.db.kysely;
      for (let start = 1; start < total; start += 500) {
        const rows = [];
        for (let i = start; i < Math.min(start + 500, total); i += 1) {
          const sender = i % 2 === 0 ? bob.user._id : ada.user._id;
          rows.push({
            id: newId(),
            conversationId,
            senderId: sender,
            text: `message ${i}`,
            createdAt: nowIso(),
          });
        }
        await kysely.insertInto('messages').values(rows).execute();
      }
      const adasTab = await tab(ada);
      const progress: ArchiveProgress[] = collect(adasTab, 'archiveProgress');

      const res = await fetch(`${server.baseUrl}/api/users/me/archive`, {
        headers: { cookie: ada.client.cookieHeader },
      });
      expect(res.status).toBe(200);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const chunks: Uint8Array[] = [];
      let answeredMeanwhile: Promise<number> | undefined;
      let answeredAt = Infinity;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        // Asked once the archive is under way: answered before it ends, since its reads leave the loop free.
        answeredMeanwhile ??= bob.client.get('/api/users/me').then((answer) => {
          answeredAt = performance.now();
          return answer.status;
        });
      }
      const endedAt = performance.now();
      expect(await answeredMeanwhile).toBe(200);
      expect(answeredAt).toBeLessThan(endedAt);

      const files = await unzip(Buffer.concat(chunks));
      const messages = JSON.parse(files.get('messages.json')?.toString('utf8') ?? '') as { text: string }[];
      expect(messages).toHaveLength(total);
      expect(messages[0]?.text).toBe('message 0');
      expect(messages[total - 1]?.text).toBe(`message ${total - 1}`);

      await expect.poll(() => progress.at(-1)).toEqual({ done: total, total });
      expect(progress.length).toBeGreaterThan(2);
      const dones = progress.map((p) => p.done);
      expect(dones).toEqual([...dones].sort((a, b) => a - b));
    },
  );
});
