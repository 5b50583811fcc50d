import { describe, expect, it } from 'vitest';
import { HTTP_API } from '../../../contracts/http-api.js';
import { type HttpCall } from '../../../contracts/http-call.js';
import type { Conversation, Message } from '../../../contracts/messages.js';
import {
  MODERATION_ERRORS,
  REMOVED_MESSAGE_TEXT,
  REPORT_RECEIVED,
  type AuditEntry,
  type QueuedReport,
} from '../../../contracts/moderation.js';
import type { DirectoryEntry } from '../../../contracts/personas.js';
import type { ProfileResponse, SelfUser } from '../../../contracts/users.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { moderatorUsernames, setModerator } from './moderators.js';
import type { SearchResult } from '../../../contracts/search.js';
import { nextEvent } from '../../test/socket-client.js';

const app = fakeAiApp();
const kysely = () => app.server.testDb.db.kysely;

async function moderator(): Promise<BuiltUser> {
  const mod = await buildUser(app.server.client());
  expect(await setModerator(kysely(), mod.user.username, true)).toBe(true);
  return mod;
}

/** Vera talks with Bob, who harasses her, and with Bob's persona. */
async function scene() {
  const vera = await buildUser(app.server.client());
  const bob = await buildUser(app.server.client());
  const persona = await buildPersona(bob.client, { prompt: 'You insult everyone. SECRET PROMPT 7' });
  await vera.client.post('/api/messages', { message: 'hello bob', recipientId: bob.user._id });
  const nasty = (
    await bob.client.post<Message>('/api/messages', { message: 'you are awful', recipientId: vera.user._id })
  ).body;
  await bob.client.post('/api/messages', { message: 'and another thing', recipientId: vera.user._id });
  return { vera, bob, persona, nasty };
}

const report = (by: BuiltUser, body: Record<string, unknown>) => by.client.post('/api/reports', body);
const queueOf = async (mod: BuiltUser) =>
  (await mod.client.get<QueuedReport[]>('/api/moderation/reports')).body;
const auditOf = async (mod: BuiltUser) => (await mod.client.get<AuditEntry[]>('/api/moderation/audit')).body;

describe('reports', () => {
  it('store a snapshot a later edit cannot change, tell the reporter, and reach only moderators', async () => {
    const { vera, bob, persona, nasty } = await scene();
    const mod = await moderator();
    const onMessage = await report(vera, { kind: 'message', targetId: nasty._id, reason: 'harassment' });
    expect(onMessage.status).toBe(201);
    expect(onMessage.body).toEqual({ _id: expect.any(String), message: REPORT_RECEIVED });
    const onPersona = await report(vera, {
      kind: 'persona',
      targetId: persona._id,
      reason: 'hate',
      note: 'It insults people',
    });
    expect(onPersona.status).toBe(201);
    // The creator rewrites the prompt afterwards; the report keeps what it was.
    await bob.client.put('/api/users/updateAiFields', {
      username: persona.username,
      name: persona.name,
      bio: persona.bio,
      prompt: 'You are kind.',
      memory: '',
      tag: persona.tag,
    });

    const queue = await queueOf(mod);
    const mine = queue.filter((r) => r.targetUser._id === bob.user._id || r.targetUser._id === persona._id);
    expect(mine).toHaveLength(2);
    const personaReport = mine.find((r) => r.kind === 'persona');
    expect(personaReport).toMatchObject({
      reason: 'hate',
      note: 'It insults people',
      reporterUsername: vera.user.username,
      snapshot: { kind: 'persona', prompt: 'You insult everyone. SECRET PROMPT 7' },
    });
    const messageReport = mine.find((r) => r.kind === 'message');
    expect(messageReport?.snapshot).toEqual({
      kind: 'message',
      messages: [
        expect.objectContaining({ text: 'hello bob', reported: false }),
        expect.objectContaining({ text: 'you are awful', reported: true, sender: bob.user.username }),
        expect.objectContaining({ text: 'and another thing', reported: false }),
      ],
    });
    // Neither the reported person nor anyone else but moderators reads the queue.
    expect((await bob.client.get('/api/moderation/reports')).status).toBe(403);
  });

  it('refuse what the reporter may not see, themselves, and reasons off the list', async () => {
    const { vera, bob, nasty } = await scene();
    const stranger = await buildUser(app.server.client());
    expect((await report(stranger, { kind: 'message', targetId: nasty._id, reason: 'spam' })).status).toBe(
      404,
    );
    expect((await report(bob, { kind: 'message', targetId: nasty._id, reason: 'spam' })).body).toMatchObject({
      error: MODERATION_ERRORS.reportYourself,
    });
    expect((await report(vera, { kind: 'person', targetId: vera.user._id, reason: 'spam' })).status).toBe(
      400,
    );
    expect((await report(vera, { kind: 'persona', targetId: bob.user._id, reason: 'spam' })).status).toBe(
      404,
    );
    const offList = await report(vera, { kind: 'person', targetId: bob.user._id, reason: 'boring' });
    expect(offList.status).toBe(400);
    const long = await report(vera, {
      kind: 'person',
      targetId: bob.user._id,
      reason: 'other',
      note: 'x'.repeat(1001),
    });
    expect(long.status).toBe(400);
  });
});

describe('moderators', () => {
  it('are the only ones any moderation call answers: everyone else gets 403 before anything runs', async () => {
    const person = await buildUser(app.server.client());
    const calls = Object.entries(HTTP_API as Record<string, HttpCall>).filter(
      ([, c]) => c.access === 'moderator',
    );
    expect(calls.length).toBeGreaterThanOrEqual(8);
    for (const [key] of calls) {
      const [method = '', path = ''] = key.split(' ');
      const url = path.replace(':id', person.user._id);
      const res = await person.client.request(
        method as 'GET',
        url,
        method === 'GET' ? undefined : { reason: 'x' },
      );
      expect(res.status, key).toBe(403);
      expect(res.body, key).toEqual({ error: MODERATION_ERRORS.moderatorsOnly, code: 'forbidden' });
    }
    expect(await moderatorUsernames(kysely())).not.toContain(person.user.username);
  });

  it('freeze a persona: gone from the directory, silent, its creator told why; written to the audit log', async () => {
    const { vera, bob, persona } = await scene();
    const mod = await moderator();
    await report(vera, { kind: 'persona', targetId: persona._id, reason: 'hate' });
    const freeze = await mod.client.post(`/api/moderation/personas/${persona._id}/freeze`, {
      reason: 'Insults people',
    });
    expect(freeze.status).toBe(200);

    const directory = await vera.client.get<DirectoryEntry[]>(`/api/users/directory?q=${persona.username}`);
    expect(directory.body).toEqual([]);
    expect(
      (await vera.client.post('/api/messages', { message: 'hi', recipientId: persona._id })).status,
    ).toBe(404);
    expect((await vera.client.get(`/api/users/profile/${persona.username}`)).status).toBe(404);
    const creatorSees = await bob.client.get<ProfileResponse>(`/api/users/profile/${persona.username}`);
    expect(creatorSees.body).toMatchObject({ isFrozen: true, frozenReason: 'Insults people' });
    expect((await queueOf(mod)).some((r) => r.targetUser._id === persona._id)).toBe(false);
    expect((await auditOf(mod))[0]).toMatchObject({
      moderatorUsername: mod.user.username,
      action: 'freeze_persona',
      targetId: persona._id,
      targetLabel: `@${persona.username}`,
      reason: 'Insults people',
    });

    await mod.client.post(`/api/moderation/personas/${persona._id}/unfreeze`, { reason: 'Fixed' });
    expect(
      (await vera.client.post('/api/messages', { message: 'hi', recipientId: persona._id })).status,
    ).toBe(201);
  });

  it('suspend an account: signed out at once, cannot sign in, personas frozen; restore brings it all back', async () => {
    const { vera, bob, persona } = await scene();
    const mod = await moderator();
    const tab = await app.tab(bob);
    const closed = new Promise((resolve) => tab.once('disconnect', resolve));
    const suspend = await mod.client.post(`/api/moderation/users/${bob.user._id}/suspend`, {
      reason: 'Harassment',
      days: 7,
    });
    expect(suspend.status).toBe(200);
    await closed;
    expect((await bob.client.get('/api/users/me')).status).toBe(401);
    const login = await app.server
      .client()
      .post('/api/users/login', { username: bob.user.username, password: bob.password });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({
      code: 'suspended',
      error: expect.stringMatching(/You can sign in again on/),
    });
    const wrong = await app.server
      .client()
      .post('/api/users/login', { username: bob.user.username, password: 'nope nope nope' });
    expect(wrong.status).toBe(401);
    expect(
      (await vera.client.post('/api/messages', { message: 'hi', recipientId: persona._id })).status,
    ).toBe(404);
    expect((await vera.client.get(`/api/users/profile/${bob.user.username}`)).status).toBe(404);

    await mod.client.post(`/api/moderation/users/${bob.user._id}/restore`, { reason: 'Appeal accepted' });
    const back = await app.server
      .client()
      .post<SelfUser>('/api/users/login', { username: bob.user.username, password: bob.password });
    expect(back.status).toBe(200);
    expect(
      (await vera.client.post('/api/messages', { message: 'hi', recipientId: persona._id })).status,
    ).toBe(201);
    expect((await auditOf(mod)).slice(0, 2).map((e) => e.action)).toEqual([
      'restore_account',
      'suspend_account',
    ]);
  });

  it('a suspension for some days ends by itself at the next sign-in once its time is up', async () => {
    const { bob } = await scene();
    const mod = await moderator();
    await mod.client.post(`/api/moderation/users/${bob.user._id}/suspend`, { reason: 'Cool off', days: 1 });
    await kysely()
      .updateTable('users')
      .set({ suspendedUntil: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', bob.user._id)
      .execute();
    const login = await app.server
      .client()
      .post('/api/users/login', { username: bob.user.username, password: bob.password });
    expect(login.status).toBe(200);
  });

  it('remove a message (its text replaced, the list too) and dismiss a report; the log cannot be changed', async () => {
    const { vera, bob, nasty } = await scene();
    const mod = await moderator();
    const last = (
      await bob.client.post<Message>('/api/messages', {
        message: 'last and worst',
        recipientId: vera.user._id,
      })
    ).body;
    const found = async (words: string) =>
      (await vera.client.get<SearchResult[]>(`/api/search?q=${words}`)).body.map((r) => r._id);
    expect(await found('worst')).toEqual([last._id]);
    const changed = nextEvent(await app.tab(vera), 'messageChanged');
    expect(
      (await mod.client.post(`/api/moderation/messages/${last._id}/remove`, { reason: 'Abuse' })).status,
    ).toBe(200);
    // Vera's open tab shows the removal at once.
    expect(await changed).toEqual({
      conversationId: last.conversationId,
      messageId: last._id,
      text: REMOVED_MESSAGE_TEXT,
    });
    // Its words are gone from search too: only what it says now finds it.
    expect(await found('worst')).toEqual([]);
    expect(await found('removed')).toEqual([last._id]);
    const history = (await vera.client.get<Message[]>(`/api/messages/${bob.user._id}`)).body;
    expect(history.at(-1)?.text).toBe(REMOVED_MESSAGE_TEXT);
    const list = (await vera.client.get<Conversation[]>('/api/messages/conversations')).body;
    expect(list.find((c) => c.participants[0]?._id === bob.user._id)?.latestMessage.text).toBe(
      REMOVED_MESSAGE_TEXT,
    );

    const filed = await report(vera, { kind: 'message', targetId: nasty._id, reason: 'spam' });
    const id = (filed.body as { _id: string })._id;
    expect(
      (await mod.client.post(`/api/moderation/reports/${id}/dismiss`, { reason: 'Not spam' })).status,
    ).toBe(200);
    expect((await queueOf(mod)).some((r) => r._id === id)).toBe(false);
    expect((await mod.client.post(`/api/moderation/reports/${id}/dismiss`, { reason: 'again' })).status).toBe(
      404,
    );
    expect((await mod.client.post(`/api/moderation/reports/${id}/dismiss`, {})).status).toBe(400);

    await expect(
      kysely().updateTable('moderationActions').set({ reason: 'nothing happened' }).execute(),
    ).rejects.toThrow(/audit log cannot be changed/);
    await expect(kysely().deleteFrom('moderationActions').execute()).rejects.toThrow(
      /audit log cannot be changed/,
    );
    expect((await auditOf(mod)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('the moderator command', () => {
  it('gives and takes the role by username; a persona or an unknown name is refused', async () => {
    const person = await buildUser(app.server.client());
    const persona = await buildPersona(person.client);
    expect(await setModerator(kysely(), ` ${person.user.username.toUpperCase()} `, true)).toBe(true);
    expect(await moderatorUsernames(kysely())).toContain(person.user.username);
    expect(await setModerator(kysely(), persona.username, true)).toBe(false);
    expect(await setModerator(kysely(), 'nobody_here_at_all', true)).toBe(false);
    expect(await setModerator(kysely(), person.user.username, false)).toBe(true);
    expect((await person.client.get('/api/moderation/reports')).status).toBe(403);
  });
});
