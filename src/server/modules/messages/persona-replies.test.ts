import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../contracts/messages.js';
import type { AiReplyDelta } from '../../../contracts/realtime.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { collect, nextEvent, type TestSocket } from '../../test/socket-client.js';
import { withAiLimitedChat } from '../../test/ai-limited-chat.js';
import { REPLY_INSTRUCTION } from '../ai/persona-prompt.js';

const app = fakeAiApp({ env: { AI_TIMEOUT: '3s' } });
const { tab } = app;

async function setup() {
  const me = await buildUser(app.server.client());
  const maker = await buildUser(app.server.client());
  const persona = await buildPersona(maker.client, {
    prompt: 'You are Nova, a ship captain.',
    memory: 'Commands the Lumen.',
  });
  return { me, persona };
}

const send = (me: BuiltUser, to: string, message: string) =>
  me.client.post<Message>('/api/messages', { message, recipientId: to });

describe('persona replies', () => {
  it('streams the reply to every tab with the character rule applied, then stores exactly what streamed', async () => {
    const { me, persona } = await setup();
    const tabs = [await tab(me), await tab(me)];
    const said = 'Ahoy! *waves* The #1 rule: stay curious, keep your charts dry and always mind the tide.';
    const kept = 'Ahoy   waves  The  1 rule  stay curious, keep your charts dry and always mind the tide.';
    app.fake.enqueue({ text: said, chunkDelayMs: 10 });
    const started = tabs.map((s) => nextEvent(s, 'aiReplyStart'));
    const deltas: AiReplyDelta[] = collect(tabs[0] as TestSocket, 'aiReplyDelta');
    const finals = tabs.map(
      (s) =>
        new Promise<Message>((resolve) => s.on('newMessage', (m) => m.sender === persona._id && resolve(m))),
    );
    const sent = await send(me, persona._id, 'Hello captain');
    expect(sent.status).toBe(201);
    // Read while the persona writes, so the list is cached from before the reply is stored.
    const listBefore = await me.client.get<Conversation[]>('/api/messages/conversations');
    expect(listBefore.status).toBe(200);
    const [start] = await Promise.all(started);
    expect(start).toMatchObject({ conversationId: sent.body.conversationId, personaId: persona._id });
    const [reply, replyInOtherTab] = await Promise.all(finals);
    expect(replyInOtherTab).toEqual(reply);
    expect(reply?._id).toBe(start?.replyId);
    expect(reply?.text).toBe(kept);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((d) => d.delta).join('')).toBe(kept);
    // Each piece says where it goes, so a tab that fetched the text so far can join without a gap.
    let at = 0;
    for (const delta of deltas) {
      expect(delta.offset).toBe(at);
      at += delta.delta.length;
    }

    const stored = await me.client.get<Message[]>(`/api/messages/${persona._id}`);
    expect(stored.body.map((m) => [m.sender, m.text])).toEqual([
      [me.user._id, 'Hello captain'],
      [persona._id, kept],
    ]);
    const list = await me.client.get<Conversation[]>('/api/messages/conversations');
    expect(list.body[0]?.latestMessage).toEqual({ text: kept, sender: persona._id, seen: false });
    const prompt = app.fake.requests.at(-1)?.body.messages;
    expect(prompt?.[0]?.content).toContain('You are Nova, a ship captain.');
    expect(prompt?.[0]?.content).toContain('What you know: Commands the Lumen.');
    expect(prompt?.[0]?.content).toContain(REPLY_INSTRUCTION);
    expect(prompt?.slice(1)).toEqual([{ role: 'user', content: 'Hello captain' }]);
  });

  it('answers messages of one conversation strictly one after another', async () => {
    const { me, persona } = await setup();
    const socket = await tab(me);
    app.fake.enqueue(
      { text: 'first answer here', chunkDelayMs: 80 },
      { text: 'second answer', chunkDelayMs: 10 },
    );
    const replies: Message[] = [];
    const both = new Promise<void>((resolve) =>
      socket.on('newMessage', (m) => {
        if (m.sender === persona._id) replies.push(m);
        if (replies.length === 2) resolve();
      }),
    );
    const before = app.fake.requests.length;
    await send(me, persona._id, 'question one');
    await send(me, persona._id, 'question two');
    await both;
    expect(replies.map((r) => r.text)).toEqual(['first answer here', 'second answer']);
    const [first, second] = app.fake.requests.slice(-2);
    expect(app.fake.requests.length - before).toBe(2);
    expect(second?.receivedAt).toBeGreaterThanOrEqual(first?.finishedAt ?? Infinity);
    // The second reply sees the first one in its history.
    expect(second?.body.messages.slice(1).map((t) => t.content)).toContain('first answer here');
  });

  it.each([
    ['a provider error', { status: 500 }],
    ['a cut in the middle of the stream', { text: 'this will be cut off soon enough', cutAfterChunks: 2 }],
  ])('reports %s in the chat, keeps the user’s message and stores no reply', async (_label, reply) => {
    const { me, persona } = await setup();
    const socket = await tab(me);
    app.fake.enqueue(reply);
    const failed = nextEvent(socket, 'aiReplyError', 5000);
    const sent = await send(me, persona._id, 'are you there');
    expect(await failed).toMatchObject({
      conversationId: sent.body.conversationId,
      error: 'The AI service failed to answer. Please try again in a moment.',
    });
    const stored = await me.client.get<Message[]>(`/api/messages/${persona._id}`);
    expect(stored.body.map((m) => m.text)).toEqual(['are you there']);
  });

  it('forgets the conversation once its context is cleared', async () => {
    const { me, persona } = await setup();
    const socket = await tab(me);
    const firstReply = nextEvent(socket, 'newMessage').then(() => nextEvent(socket, 'newMessage'));
    const sent = await send(me, persona._id, 'my secret is tea');
    await firstReply;
    await me.client.put(`/api/messages/conversations/updateConversation/${sent.body.conversationId}`, {
      context: '.',
    });
    const second = nextEvent(socket, 'newMessage').then(() => nextEvent(socket, 'newMessage'));
    await send(me, persona._id, 'what do you remember');
    await second;
    const prompt = app.fake.requests.at(-1)?.body.messages ?? [];
    expect(prompt.slice(1)).toEqual([{ role: 'user', content: 'what do you remember' }]);
    expect(JSON.stringify(prompt)).not.toContain('secret is tea');
  });
});

describe('persona replies under the AI rate limit', () => {
  it('refuses replies past AI_RATE_LIMIT with an error event and stores nothing', async () => {
    await withAiLimitedChat(app.fake.baseUrl, async ({ me, persona, live }) => {
      const answered = new Promise<void>((resolve) =>
        live.on('newMessage', (m) => m.sender === persona._id && resolve()),
      );
      await me.client.post('/api/messages', { message: 'first', recipientId: persona._id });
      await answered;
      const refused = nextEvent(live, 'aiReplyError');
      await me.client.post('/api/messages', { message: 'second', recipientId: persona._id });
      expect((await refused).error).toMatch(/^You're going fast — try again in \d+ s\.$/);
      const stored = await me.client.get<Message[]>(`/api/messages/${persona._id}`);
      expect(stored.body.map((m) => m.text)).toEqual(['first', 'Hello from the fake model.', 'second']);
    });
  });
});
