import { describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../../contracts/errors.js';
import type { Message, RegenerateReplyResponse } from '../../../contracts/messages.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { nextEvent, type TestSocket } from '../../test/socket-client.js';
import { withAiLimitedChat } from '../../test/ai-limited-chat.js';
import { REGENERATE_ERRORS } from './persona-replies.service.js';

// "Try again" after a failed persona reply: the persona answers the existing last message again.
const app = fakeAiApp();

const regenerate = (who: BuiltUser, conversationId: string) =>
  who.client.post<RegenerateReplyResponse & ErrorResponse>(
    `/api/messages/conversations/${conversationId}/regenerate`,
  );

const personaReply = (socket: TestSocket, personaId: string) =>
  new Promise<Message>((resolve) => socket.on('newMessage', (m) => m.sender === personaId && resolve(m)));

/** A person whose message to a persona got a failed reply. */
async function failedReply() {
  const me = await buildUser(app.server.client());
  const maker = await buildUser(app.server.client());
  const persona = await buildPersona(maker.client);
  const socket = await app.tab(me);
  app.fake.enqueue({ status: 500 });
  const failed = nextEvent(socket, 'aiReplyError', 5000);
  const sent = await me.client.post<Message>('/api/messages', {
    message: 'hello?',
    recipientId: persona._id,
  });
  await failed;
  return { me, maker, persona, socket, conversationId: sent.body.conversationId };
}

describe('POST /api/messages/conversations/:conversationId/regenerate', () => {
  it('answers the last message again without storing it twice or sending it twice to the model', async () => {
    const { me, persona, socket, conversationId } = await failedReply();
    app.fake.enqueue({ text: 'Here I am.' });
    const started = nextEvent(socket, 'aiReplyStart');
    const answered = personaReply(socket, persona._id);
    const newMessages: Message[] = [];
    socket.on('newMessage', (m) => newMessages.push(m));

    const response = await regenerate(me, conversationId);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ conversationId });
    expect(await started).toMatchObject({ conversationId, personaId: persona._id });
    expect((await answered).text).toBe('Here I am.');
    // Only the persona's reply was new: the person's message was not sent again.
    expect(newMessages.map((m) => m.sender)).toEqual([persona._id]);

    const stored = await me.client.get<Message[]>(`/api/messages/${persona._id}`);
    expect(stored.body.map((m) => [m.sender, m.text])).toEqual([
      [me.user._id, 'hello?'],
      [persona._id, 'Here I am.'],
    ]);
    const prompt = app.fake.requests.at(-1)?.body.messages ?? [];
    expect(prompt.slice(1)).toEqual([{ role: 'user', content: 'hello?' }]);
  });

  it('refuses once the persona has answered the last message', async () => {
    const { me, persona, socket, conversationId } = await failedReply();
    const answered = personaReply(socket, persona._id);
    expect((await regenerate(me, conversationId)).status).toBe(202);
    await answered;
    const again = await regenerate(me, conversationId);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: REGENERATE_ERRORS.nothingToAnswer, code: 'conflict' });
  });

  it('refuses while a reply is being written', async () => {
    const { me, persona, socket, conversationId } = await failedReply();
    app.fake.enqueue({ text: 'slow words come here', firstByteDelayMs: 300, chunkDelayMs: 50 });
    const answered = personaReply(socket, persona._id);
    expect((await regenerate(me, conversationId)).status).toBe(202);
    const busy = await regenerate(me, conversationId);
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({ error: REGENERATE_ERRORS.inProgress, code: 'conflict' });
    expect((await answered).text).toBe('slow words come here');
    const stored = await me.client.get<Message[]>(`/api/messages/${persona._id}`);
    expect(stored.body.map((m) => m.text)).toEqual(['hello?', 'slow words come here']);
  });

  it('lets only the human participant ask, only of a persona; anyone else’s conversation is not found', async () => {
    const { maker, conversationId } = await failedReply();
    const stranger = await buildUser(app.server.client());
    const missing = await regenerate(stranger, '0190f0c0-0000-7000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: REGENERATE_ERRORS.conversationNotFound, code: 'not_found' });
    // Someone else's conversation is answered exactly like one that does not exist: nothing tells them apart.
    const notMine = await regenerate(stranger, conversationId);
    expect(notMine.status).toBe(404);
    expect(notMine.body).toEqual(missing.body);
    // The persona's creator is not in the conversation either.
    const creators = await regenerate(maker, conversationId);
    expect([creators.status, creators.body]).toEqual([404, missing.body]);

    const sent = await stranger.client.post<Message>('/api/messages', {
      message: 'hi person',
      recipientId: maker.user._id,
    });
    const human = await regenerate(stranger, sent.body.conversationId);
    expect(human.status).toBe(400);
    expect(human.body).toEqual({ error: REGENERATE_ERRORS.notPersona, code: 'invalid_input' });

    expect((await regenerate(stranger, 'not-an-id')).status).toBe(404);
    expect(
      (await app.server.client().post(`/api/messages/conversations/${conversationId}/regenerate`)).status,
    ).toBe(401);
  });
});

describe('regenerate under the AI rate limit', () => {
  it('spends from the person’s AI budget: past AI_RATE_LIMIT it fails in the chat, storing nothing', async () => {
    await withAiLimitedChat(app.fake.baseUrl, async ({ me, persona, live }) => {
      app.fake.enqueue({ status: 500 });
      const failed = nextEvent(live, 'aiReplyError', 5000);
      const sent = await me.client.post<Message>('/api/messages', {
        message: 'hi',
        recipientId: persona._id,
      });
      await failed;
      const refused = nextEvent(live, 'aiReplyError');
      const response = await me.client.post(
        `/api/messages/conversations/${sent.body.conversationId}/regenerate`,
      );
      expect(response.status).toBe(202);
      expect(await refused).toMatchObject({ code: 'ai_rate_limited' });
      const stored = await me.client.get<Message[]>(`/api/messages/${persona._id}`);
      expect(stored.body.map((m) => m.text)).toEqual(['hi']);
    });
  });
});
