import { describe, expect, it } from 'vitest';
import type { AiReplyInProgress, Message } from '../../../contracts/messages.js';
import type { AiReplyDelta } from '../../../contracts/realtime.js';
import { filterAiReply } from '../../../contracts/rules.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { buildPersona, buildUser } from '../../test/factories.js';
import { collect, nextEvent } from '../../test/socket-client.js';

// What a tab sees of a persona's reply while it is written: sanitised pieces, and the text so far on request.
const app = fakeAiApp();

async function setup() {
  const me = await buildUser(app.server.client());
  const maker = await buildUser(app.server.client());
  const persona = await buildPersona(maker.client);
  return { me, persona };
}

describe('persona replies as they stream', () => {
  it('sanitises every piece, even a character sequence cut between pieces, exactly as the stored reply', async () => {
    const { me, persona } = await setup();
    const socket = await app.tab(me);
    const chunks = [
      '  **Sure',
      '!**\r',
      '\n\r',
      '\nHere',
      "'s a #",
      '1 (tip) ',
      '\ud83d',
      '\ude00',
      ' ~[a] {b} <c> | d/e\\f & g ^ h $ i @ j.  ',
    ];
    app.fake.enqueue({ chunks, chunkDelayMs: 5 });
    const deltas: AiReplyDelta[] = collect(socket, 'aiReplyDelta');
    const stored = new Promise<Message>((resolve) =>
      socket.on('newMessage', (m) => m.sender === persona._id && resolve(m)),
    );
    await me.client.post('/api/messages', { message: 'a tip please', recipientId: persona._id });
    const reply = await stored;
    const expected = filterAiReply(chunks.join(''));
    expect(expected).toBe("Sure   \r\n\r\nHere's a  1  tip      a   b   c    d e f   g   h   i   j.");
    expect(deltas.map((d) => d.delta).join('')).toBe(expected);
    expect(reply.text).toBe(expected);
    for (const delta of deltas) expect(delta.delta).not.toMatch(/[#@$^&()[\]{}~|\\/<>*!]/);
  });

  it('tells a tab that opens mid-reply the text so far, and nothing once the reply is stored', async () => {
    const { me, persona } = await setup();
    const other = await buildUser(app.server.client());
    const socket = await app.tab(me);
    app.fake.enqueue({ text: 'One! two, three. four five six seven', chunkDelayMs: 150 });
    const started = nextEvent(socket, 'aiReplyStart');
    const deltas: AiReplyDelta[] = collect(socket, 'aiReplyDelta');
    const stored = new Promise<Message>((resolve) =>
      socket.on('newMessage', (m) => m.sender === persona._id && resolve(m)),
    );
    const sent = await me.client.post<Message>('/api/messages', {
      message: 'count for me',
      recipientId: persona._id,
    });
    const start = await started;
    await nextEvent(socket, 'aiReplyDelta');
    await nextEvent(socket, 'aiReplyDelta');
    const live = await me.client.get<AiReplyInProgress[]>('/api/messages/ai-replies');
    expect(live.status).toBe(200);
    expect(live.body).toHaveLength(1);
    const [now] = live.body;
    expect(now).toMatchObject({
      conversationId: sent.body.conversationId,
      replyId: start.replyId,
      personaId: persona._id,
    });
    // The text so far is what the socket sent so far: a start of the reply, more than nothing.
    const sofar = deltas.map((d) => d.delta).join('');
    expect(now?.text.length).toBeGreaterThan(0);
    expect(sofar.startsWith(now?.text ?? '') || now?.text.startsWith(sofar)).toBe(true);
    // Nobody else hears of it.
    expect((await other.client.get<AiReplyInProgress[]>('/api/messages/ai-replies')).body).toEqual([]);

    const reply = await stored;
    expect(reply.text).toBe('One  two, three. four five six seven');
    expect(reply.text.startsWith(now?.text ?? '∅')).toBe(true);
    expect((await me.client.get<AiReplyInProgress[]>('/api/messages/ai-replies')).body).toEqual([]);
  });

  it('needs a session to ask for replies in progress', async () => {
    const anonymous = app.server.client();
    const response = await anonymous.get('/api/messages/ai-replies');
    expect(response.status).toBe(401);
  });
});
