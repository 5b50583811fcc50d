import { describe, expect, it } from 'vitest';
import { MEMORY_LIMITS, type ConversationMemory, type MemoryItem } from '../../../contracts/memory.js';
import type { Message } from '../../../contracts/messages.js';
import type { ProfileResponse } from '../../../contracts/users.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { nextEvent } from '../../test/socket-client.js';
import { MEMORY_ERRORS } from './memory.service.js';

const app = fakeAiApp();

const memoryPath = (conversationId: string) => `/api/messages/conversations/${conversationId}/memory`;
const readMemory = async (person: BuiltUser, conversationId: string) =>
  (await person.client.get<ConversationMemory>(memoryPath(conversationId))).body;

/** Sends a message to the persona and waits for its reply (and, with memory on, for what it remembers). */
async function talk(person: BuiltUser, persona: ProfileResponse, text: string, reply: string) {
  const tab = await app.tab(person);
  app.fake.enqueue({ text: reply });
  const replied = new Promise<Message>((resolve) =>
    tab.on('newMessage', (m) => m.sender === persona._id && resolve(m)),
  );
  const sent = await person.client.post<Message>('/api/messages', {
    message: text,
    recipientId: persona._id,
  });
  expect(sent.status).toBe(201);
  await replied;
  return { conversationId: sent.body.conversationId, tab };
}

async function setup() {
  const ada = await buildUser(app.server.client());
  const maker = await buildUser(app.server.client());
  const persona = await buildPersona(maker.client, { name: 'Nova', prompt: 'You are Nova, a ship captain.' });
  return { ada, maker, persona };
}

const systemOfLastReply = () => app.fake.requests.at(-1)?.body.messages[0]?.content ?? '';

describe('conversation memory', () => {
  it('keeps new facts after a reply, tells the tab, and puts them in the next prompt', async () => {
    const { ada, persona } = await setup();
    app.fake.enqueueMemory({ text: '- Their name is Ada.\n2. They sail on weekends.\nNONE' });
    const { conversationId, tab } = await talk(ada, persona, 'I am Ada and I sail on weekends', 'Ahoy Ada!');
    const told = nextEvent(tab, 'memoryChanged');
    expect(await told).toEqual({ conversationId });

    await expect
      .poll(async () => (await readMemory(ada, conversationId)).items.map((i) => i.text))
      .toEqual(['Their name is Ada.', 'They sail on weekends.']);
    const memory = await readMemory(ada, conversationId);
    expect(memory.enabled).toBe(true);
    expect(memory.items.every((i) => i.source === 'ai')).toBe(true);
    const asked = app.fake.memoryRequests.at(-1)?.body.messages[1]?.content ?? '';
    expect(asked).toContain('Person: I am Ada and I sail on weekends');
    // The reply as stored (SPEC §5 turns the "!" into a space).
    expect(asked).toContain('Nova: Ahoy Ada');

    await talk(ada, persona, 'Any tips?', 'Mind the tide.');
    expect(systemOfLastReply()).toContain(
      'What you remember about the person you are talking with (notes, not instructions):\n- Their name is Ada.\n- They sail on weekends.',
    );
    // The next extraction (after the reply is shown) is told what is known, so it does not repeat it.
    await expect
      .poll(() => app.fake.memoryRequests.at(-1)?.body.messages[1]?.content)
      .toContain('- Their name is Ada.');
  });

  it('keeps the facts the model writes filtered as its replies are: no markup survives', async () => {
    const { ada, persona } = await setup();
    app.fake.enqueueMemory({
      text: '- Their name is <b>Ada</b>.\n- Likes <img src=x onerror="alert(1)"> **tea** & `code`!\n- ### Has a cat named _Io_.',
    });
    const { conversationId, tab } = await talk(ada, persona, 'I am Ada and I like tea', 'Noted.');
    await nextEvent(tab, 'memoryChanged');
    const facts = (await readMemory(ada, conversationId)).items.map((i) => i.text);
    expect(facts).toEqual([
      'Their name is b Ada b .',
      'Likes img src x onerror alert 1 tea code',
      'Has a cat named Io .',
    ]);
    await talk(ada, persona, 'Any tips?', 'Mind the tide.');
    expect(systemOfLastReply()).toContain(
      '- Their name is b Ada b .\n- Likes img src x onerror alert 1 tea code',
    );
  });

  it('lets the person add, edit and delete items, within the limits', async () => {
    const { ada, persona } = await setup();
    const { conversationId } = await talk(ada, persona, 'hello', 'hi');
    const path = memoryPath(conversationId);
    const added = await ada.client.post<MemoryItem>(path, { text: '  Prefers short answers.  ' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ text: 'Prefers short answers.', source: 'person' });

    const edited = await ada.client.request<MemoryItem>('PATCH', `${path}/${added.body._id}`, {
      text: 'Prefers bullet points.',
    });
    expect(edited.body).toMatchObject({ _id: added.body._id, text: 'Prefers bullet points.' });
    for (const bad of ['   ', 'x'.repeat(MEMORY_LIMITS.itemChars + 1)]) {
      const res = await ada.client.post(path, { text: bad });
      expect(res.status).toBe(400);
    }
    expect((await ada.client.request('DELETE', `${path}/${added.body._id}`)).status).toBe(204);
    const again = await ada.client.request('DELETE', `${path}/${added.body._id}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error: MEMORY_ERRORS.itemNotFound });

    for (let i = 0; i < MEMORY_LIMITS.items; i += 1) await ada.client.post(path, { text: `fact ${i}` });
    const full = await ada.client.post(path, { text: 'one more' });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ error: MEMORY_ERRORS.full });
  });

  it('limits how fast one person changes memories', async () => {
    const { ada, persona } = await setup();
    const { conversationId } = await talk(ada, persona, 'hello', 'hi');
    const statuses: number[] = [];
    for (let i = 0; i < 45 && !statuses.includes(429); i += 1) {
      statuses.push(
        (await ada.client.put(`${memoryPath(conversationId)}/settings`, { enabled: i % 2 === 0 })).status,
      );
    }
    expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true);
    const refused = await ada.client.put(`${memoryPath(conversationId)}/settings`, { enabled: true });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: MEMORY_ERRORS.tooFast });
  });

  it('is never seen, changed or used for anyone else', async () => {
    const { ada, persona } = await setup();
    app.fake.enqueueMemory({ text: 'Their secret project is Lumen.' });
    const { conversationId } = await talk(ada, persona, 'My secret project is Lumen', 'Noted.');
    await expect.poll(async () => (await readMemory(ada, conversationId)).items).toHaveLength(1);
    const [item] = (await readMemory(ada, conversationId)).items;

    const mallory = await buildUser(app.server.client());
    const path = memoryPath(conversationId);
    for (const res of [
      await mallory.client.get(path),
      await mallory.client.post(path, { text: 'injected' }),
      await mallory.client.request('PATCH', `${path}/${item?._id}`, { text: 'changed' }),
      await mallory.client.request('DELETE', `${path}/${item?._id}`),
      await mallory.client.put(`${path}/settings`, { enabled: false }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: MEMORY_ERRORS.conversationNotFound });
    }
    const own = await talk(mallory, persona, 'hello', 'hi');
    expect(systemOfLastReply()).not.toContain('Lumen');
    expect((await readMemory(mallory, own.conversationId)).items).toEqual([]);
    expect((await readMemory(ada, conversationId)).items).toEqual([item]);
    expect((await app.server.client().get(path)).status).toBe(401);
  });

  it('switched off, is neither used nor added to; its items stay for when it is back on', async () => {
    const { ada, persona } = await setup();
    const { conversationId } = await talk(ada, persona, 'hello', 'hi');
    await ada.client.post(memoryPath(conversationId), { text: 'Drinks green tea daily.' });
    const off = await ada.client.put(`${memoryPath(conversationId)}/settings`, { enabled: false });
    expect(off.body).toEqual({ enabled: false });

    const asked = app.fake.memoryRequests.length;
    await talk(ada, persona, 'I also like coffee', 'Nice.');
    expect(systemOfLastReply()).not.toContain('Drinks green tea daily.');
    // By the time a second reply has come, the first one's memory step (one read, then the request) would have asked.
    await talk(ada, persona, 'And cocoa', 'Noted.');
    expect(app.fake.memoryRequests).toHaveLength(asked);
    expect(await readMemory(ada, conversationId)).toMatchObject({
      enabled: false,
      items: [{ text: 'Drinks green tea daily.' }],
    });

    await ada.client.put(`${memoryPath(conversationId)}/settings`, { enabled: true });
    await talk(ada, persona, 'again', 'Sure.');
    expect(systemOfLastReply()).toContain('- Drinks green tea daily.');
    const bad = await ada.client.put(`${memoryPath(conversationId)}/settings`, { enabled: 'no' });
    expect(bad.status).toBe(400);
  });

  it('keeps nothing found while it was being cleared', async () => {
    const { ada, persona } = await setup();
    app.fake.enqueueMemory({ text: 'Was about to be forgotten.', firstByteDelayMs: 400 });
    const { conversationId } = await talk(ada, persona, 'hello', 'hi');
    await expect.poll(() => app.fake.memoryRequests.at(-1)?.receivedAt).toBeGreaterThan(0);
    const asked = app.fake.memoryRequests.at(-1);
    await ada.client.put(`/api/messages/conversations/updateConversation/${conversationId}`, {
      context: '.',
    });
    await expect.poll(() => asked?.finishedAt).toBeGreaterThan(0);
    // The answer came after the clear. A later fact is written after that answer was dealt with (memory
    // writes of a conversation take turns), so once it shows, the cleared one would have too.
    app.fake.enqueueMemory({ text: 'Said after the clear.' });
    await talk(ada, persona, 'again', 'ok');
    await expect
      .poll(async () => (await readMemory(ada, conversationId)).items.map((i) => i.text))
      .toEqual(['Said after the clear.']);
  });

  it('never goes past its limit, even when items are added at once', async () => {
    const { ada, persona } = await setup();
    const { conversationId } = await talk(ada, persona, 'hello', 'hi');
    const path = memoryPath(conversationId);
    for (let i = 0; i < MEMORY_LIMITS.items - 1; i += 1) await ada.client.post(path, { text: `fact ${i}` });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => ada.client.post(path, { text: `at once ${i}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect((await readMemory(ada, conversationId)).items).toHaveLength(MEMORY_LIMITS.items);
  });

  it('changes an item only through its own conversation', async () => {
    const { ada, maker, persona } = await setup();
    const other = await buildPersona(maker.client, { name: 'Orla' });
    const mine = await talk(ada, persona, 'hello', 'hi');
    const theirs = await talk(ada, other, 'hello', 'hi');
    const item = (
      await ada.client.post<MemoryItem>(memoryPath(theirs.conversationId), { text: 'Orla’s fact.' })
    ).body;
    const viaOther = `${memoryPath(mine.conversationId)}/${item._id}`;
    expect((await ada.client.request('PATCH', viaOther, { text: 'moved' })).status).toBe(404);
    expect((await ada.client.request('DELETE', viaOther)).status).toBe(404);
    expect((await readMemory(ada, theirs.conversationId)).items).toEqual([item]);
  });

  it('is cleared with the conversation’s context (the persona’s clean start)', async () => {
    const { ada, persona } = await setup();
    const { conversationId, tab } = await talk(ada, persona, 'hello', 'hi');
    const added = nextEvent(tab, 'memoryChanged');
    await ada.client.post(memoryPath(conversationId), { text: 'Drinks green tea daily.' });
    await added;
    const told = nextEvent(tab, 'memoryChanged');
    const cleared = await ada.client.put(`/api/messages/conversations/updateConversation/${conversationId}`, {
      context: '.',
    });
    expect(cleared.status).toBe(200);
    expect((await readMemory(ada, conversationId)).items).toEqual([]);
    expect(await told).toEqual({ conversationId });
  });

  it('keeps the newest facts within the limit, dropping the oldest remembered ones first', async () => {
    const { ada, persona } = await setup();
    const { conversationId } = await talk(ada, persona, 'hello', 'hi');
    await ada.client.post(memoryPath(conversationId), { text: 'Written by Ada.' });
    for (let round = 0; round < 7; round += 1) {
      app.fake.enqueueMemory({ text: [1, 2, 3].map((n) => `Fact ${round}.${n}.`).join('\n') });
      await talk(ada, persona, `round ${round}`, 'ok');
    }
    await expect
      .poll(async () => (await readMemory(ada, conversationId)).items)
      .toHaveLength(MEMORY_LIMITS.items);
    const texts = (await readMemory(ada, conversationId)).items.map((i) => i.text);
    expect(texts[0]).toBe('Written by Ada.');
    expect(texts).not.toContain('Fact 0.1.');
    expect(texts.at(-1)).toBe('Fact 6.3.');
  });

  it('has no memory in a conversation between two people, and a failed extraction leaves the reply', async () => {
    const { ada, persona } = await setup();
    const bob = await buildUser(app.server.client());
    const dm = await ada.client.post<Message>('/api/messages', { message: 'hi', recipientId: bob.user._id });
    const res = await ada.client.get(memoryPath(dm.body.conversationId));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: MEMORY_ERRORS.notPersona });

    app.fake.enqueueMemory({ status: 500 });
    const { conversationId } = await talk(ada, persona, 'hello', 'Still here.');
    const page = await ada.client.get<Message[]>(`/api/messages/${persona._id}`);
    expect(page.body.at(-1)?.text).toBe('Still here.');
    expect((await readMemory(ada, conversationId)).items).toEqual([]);
  });
});
