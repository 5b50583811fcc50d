import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../contracts/messages.js';
import { DELETED_ACCOUNT_NAME, MY_DATA_ERRORS, USERNAME_HOLD_DAYS } from '../../../contracts/my-data.js';
import type { DirectoryEntry } from '../../../contracts/personas.js';
import type { SearchResult } from '../../../contracts/search.js';
import type { ProfileResponse, SelfUser } from '../../../contracts/users.js';
import { verifyPassword } from '../accounts/passwords.js';
import { setModerator } from '../moderation/moderators.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { connectSocket, type TestSocket } from '../../test/socket-client.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { downloadArchive, jsonOf } from '../../test/zip-archive.js';
import { accountDeletionRepository } from './account-deletion.repository.js';
import { accountDeletionService } from './account-deletion.service.js';
import { dataUrl, TINY_PNG as PNG } from '../../test/pictures.js';
import { silentEmitter } from '../../test/silent-emitter.js';

const DAY_MS = 24 * 60 * 60 * 1000;

let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => sockets.splice(0).forEach((socket) => socket.close()));
afterAll(() => server.close());

const send = (from: BuiltUser, to: string, message: string) =>
  from.client.post<Message>('/api/messages', { message, recipientId: to });
const deleteAccount = (user: BuiltUser, body: unknown) =>
  user.client.request('DELETE', '/api/users/me', body);
const count = async (
  table: 'actions' | 'discussions' | 'blocks' | 'sessions' | 'pictures',
  where: object,
) => {
  let query = server.testDb.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
  for (const [column, value] of Object.entries(where))
    query = query.where(column as never, '=', value as never);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

/** Ada, who has a picture, a persona, a note, a block, and talked with Bob and with her persona. */
async function adaWithHerThings() {
  const ada = await buildUser(server.client(), { name: 'Ada Leaving' });
  const bob = await buildUser(server.client());
  const carol = await buildUser(server.client());
  const pic = await ada.client.put<SelfUser>(`/api/users/update/${ada.user._id}`, {
    profilePic: dataUrl('image/png', PNG),
  });
  const persona = await buildPersona(ada.client, { prompt: 'Secret keeper prompt', bio: 'Keeps the light' });
  await ada.client.post('/api/actions/createAction', { userId: ada.user._id, type: 'note', memory: 'oil' });
  expect((await send(bob, ada.user._id, 'hi ada, bring the lamp')).status).toBe(201);
  expect((await send(ada, bob.user._id, 'yes bob, lamp coming')).status).toBe(201);
  const withPersona = await send(ada, persona._id, 'private words to my persona');
  expect((await send(bob, persona._id, 'bob asks the persona')).status).toBe(201);
  expect((await ada.client.put(`/api/users/blocks/${carol.user._id}`)).status).toBe(204);
  return {
    ada,
    bob,
    carol,
    persona,
    picture: pic.body.profilePic,
    personaChat: withPersona.body.conversationId,
  };
}

describe('DELETE /api/users/me', () => {
  it('asks for the password, and a wrong or missing one changes nothing', async () => {
    const ada = await buildUser(server.client());
    const missing = await deleteAccount(ada, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: MY_DATA_ERRORS.passwordNeeded });
    const wrong = await deleteAccount(ada, { password: 'not my password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ error: MY_DATA_ERRORS.passwordWrong, code: 'current_password_wrong' });
    expect((await ada.client.get('/api/users/me')).status).toBe(200);
    expect((await server.client().request('DELETE', '/api/users/me', { password: 'x' })).status).toBe(401);
  });

  it('signs out every tab and session, and the account cannot sign in again', async () => {
    const ada = await buildUser(server.client());
    const otherDevice = server.client();
    expect(
      (await otherDevice.post('/api/users/login', { username: ada.user.username, password: ada.password }))
        .status,
    ).toBe(200);
    const openTab = await connectSocket(server.baseUrl, otherDevice);
    sockets.push(openTab);
    const closed = new Promise((resolve) => openTab.once('disconnect', resolve));

    const deleted = await deleteAccount(ada, { password: ada.password });
    expect(deleted.status).toBe(200);
    expect(deleted.setCookies.join(';')).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    await closed;
    expect((await ada.client.get('/api/users/me')).status).toBe(401);
    expect((await otherDevice.get('/api/users/me')).status).toBe(401);
    expect(await count('sessions', { userId: ada.user._id })).toBe(0);
    const login = await server
      .client()
      .post('/api/users/login', { username: ada.user.username, password: ada.password });
    expect(login.status).toBe(401);
  });

  it('removes the profile, personas, saved items, blocks, memory and pictures; people keep the messages', async () => {
    const { ada, bob, persona, picture, personaChat } = await adaWithHerThings();
    expect((await deleteAccount(ada, { password: ada.password })).status).toBe(200);
    const kysely = server.testDb.db.kysely;

    const row = await kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', ada.user._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: '',
      bio: '',
      profilePic: '',
      passwordHash: '',
      isFrozen: 1,
      frozenBy: 'deleted',
    });
    expect(row.email).not.toBe(ada.user.email);
    expect(row.deletedAt).not.toBe('');
    const personaRow = await kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', persona._id)
      .executeTakeFirstOrThrow();
    expect(personaRow).toMatchObject({
      name: '',
      prompt: '',
      memory: '',
      createdByUsername: '',
      frozenBy: 'deleted',
    });
    expect(await count('actions', { userId: ada.user._id })).toBe(0);
    expect(await count('blocks', { blockerId: ada.user._id })).toBe(0);
    expect(await count('pictures', { name: picture.slice('/uploads/'.length) })).toBe(0);
    // Her conversation with her persona is gone with its messages; nobody else read it.
    const gone = await kysely
      .selectFrom('messages')
      .select('id')
      .where('conversationId', '=', personaChat)
      .execute();
    expect(gone).toEqual([]);

    // Bob still has the conversation, shown as with "deleted account", and can read it but not answer.
    const list = (await bob.client.get<Conversation[]>('/api/messages/conversations')).body;
    const withAda = list.find((c) => c.participants[0]?._id === ada.user._id);
    expect(withAda?.participants[0]).toMatchObject({ deleted: true, name: '', profilePic: '' });
    const messages = await bob.client.get<Message[]>(`/api/messages/${ada.user._id}`);
    expect(messages.body.map((m) => m.text)).toEqual(['hi ada, bring the lamp', 'yes bob, lamp coming']);
    expect((await send(bob, ada.user._id, 'are you there?')).status).toBe(404);
    const profile = await bob.client.get<ProfileResponse>(`/api/users/profile/${ada.user.username}`);
    expect(profile.body).toMatchObject({ deleted: true, name: '', bio: '' });
    const results = await bob.client.get<SearchResult[]>('/api/search?q=lamp');
    expect(results.body.map((r) => r.title).sort()).toEqual(
      [DELETED_ACCOUNT_NAME, `@${bob.user.username}`].sort(),
    );

    // Her persona no longer answers and is gone from the directory; its profile says it was deleted.
    expect((await send(bob, persona._id, 'hello again')).status).toBe(404);
    const directory = await bob.client.get<DirectoryEntry[]>('/api/users/directory?tab=all');
    expect(directory.body.map((p) => p._id)).not.toContain(persona._id);
    const personaProfile = await bob.client.get<ProfileResponse>(`/api/users/profile/${persona.username}`);
    expect(personaProfile.body).toMatchObject({ deleted: true, name: '' });
    expect(JSON.stringify(personaProfile.body)).not.toContain('Secret keeper prompt');

    // Bob's archive names her as "deleted account".
    const archive = await downloadArchive(bob.client);
    const conversations = jsonOf<{ with: string }[]>(archive, 'conversations.json');
    expect(conversations.map((c) => c.with)).toContain(DELETED_ACCOUNT_NAME);
  });

  it('holds the username for the waiting period, then frees it', async () => {
    const ada = await buildUser(server.client());
    const { username } = ada.user;
    expect((await deleteAccount(ada, { password: ada.password })).status).toBe(200);
    const again = () => buildUser(server.client(), { username });
    await expect(again()).rejects.toThrow(/409/);

    const deletion = accountDeletionService({
      repo: accountDeletionRepository(server.testDb.db.kysely),
      verifyPassword,
      endSessions: async () => {},
      emitter: silentEmitter(),
      uploads: { remove: async () => {} },
      isPictureUsed: async () => false,
      onPeopleChanged: () => {},
    });
    expect(await deletion.releaseUsernames(Date.now() + (USERNAME_HOLD_DAYS - 1) * DAY_MS)).toBe(0);
    await expect(again()).rejects.toThrow(/409/);
    expect(await deletion.releaseUsernames(Date.now() + (USERNAME_HOLD_DAYS + 1) * DAY_MS)).toBeGreaterThan(
      0,
    );
    const newcomer = await again();
    expect(newcomer.user.username).toBe(username);
    expect(newcomer.user._id).not.toBe(ada.user._id);
  });

  it('moderators cannot act on a deleted account', async () => {
    const ada = await buildUser(server.client());
    expect((await deleteAccount(ada, { password: ada.password })).status).toBe(200);
    const mod = await buildUser(server.client());
    expect(await setModerator(server.testDb.db.kysely, mod.user.username, true)).toBe(true);
    const suspend = await mod.client.post(`/api/moderation/users/${ada.user._id}/suspend`, {
      days: 7,
      reason: 'x',
    });
    expect(suspend.status).toBe(404);
  });
});
