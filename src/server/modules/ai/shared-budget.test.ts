import { describe, expect, it } from 'vitest';
import { AI_ERRORS } from '../../../contracts/ai.js';
import type { Discussion } from '../../../contracts/charioteer.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { buildPersona, buildUser } from '../../test/factories.js';
import { nextEvent } from '../../test/socket-client.js';

// One AI budget per person across the studio, persona replies and the Charioteer.
const app = fakeAiApp({ env: { AI_RATE_LIMIT: '3' } });
const { tab } = app;

const TOO_FAST = /^You're going fast — try again in \d+ s\.$/;

describe('one AI budget per person', () => {
  it('counts the studio, a persona reply and a roundtable turn against the same AI_RATE_LIMIT', async () => {
    const me = await buildUser(app.server.client());
    const socket = await tab(me);
    const [nova, sage] = [await buildPersona(me.client), await buildPersona(me.client)];

    expect((await me.client.post('/api/ai/getAI', { message: 'One' })).status).toBe(200);

    const answered = new Promise<void>((resolve) =>
      socket.on('newMessage', (m) => m.sender === nova._id && resolve()),
    );
    await me.client.post('/api/messages', { message: 'Two', recipientId: nova._id });
    await answered;

    const started = await me.client.post<Discussion>('/api/charioteer/discussions', {
      topic: 'Three',
      personaIds: [nova._id, sage._id],
      turns: 1,
    });
    await expect
      .poll(async () => {
        const res = await me.client.get<{ discussion: Discussion }>(
          `/api/charioteer/discussions/${started.body._id}`,
        );
        return res.body.discussion.status;
      })
      .toBe('finished');

    // Three calls in all: the fourth, through any feature, is told when it fits.
    const studio = await me.client.post('/api/ai/getAI', { message: 'Four' });
    expect(studio.status).toBe(429);
    expect(studio.body).toEqual({ error: expect.stringMatching(TOO_FAST), code: 'ai_rate_limited' });
    const refused = nextEvent(socket, 'aiReplyError');
    await me.client.post('/api/messages', { message: 'Five', recipientId: nova._id });
    expect((await refused).error).toMatch(TOO_FAST);

    // Someone else's budget is untouched.
    const other = await buildUser(app.server.client());
    expect((await other.client.post('/api/ai/getAI', { message: 'Hi' })).status).toBe(200);
  });

  it('never holds two generations for one person: a studio call during a persona reply is refused as busy', async () => {
    const me = await buildUser(app.server.client());
    const socket = await tab(me);
    const persona = await buildPersona(me.client);
    app.fake.enqueue({ text: 'A slow and thoughtful answer, word by word.', chunkDelayMs: 60 });
    const started = nextEvent(socket, 'aiReplyStart');
    const answered = new Promise<void>((resolve) =>
      socket.on('newMessage', (m) => m.sender === persona._id && resolve()),
    );
    await me.client.post('/api/messages', { message: 'Take your time', recipientId: persona._id });
    await started;
    const studio = await me.client.post('/api/ai/getAI', { message: 'And meanwhile?' });
    expect(studio.status).toBe(429);
    expect(studio.body).toEqual({ error: AI_ERRORS.busy, code: 'ai_busy' });
    await answered;
    expect((await me.client.post('/api/ai/getAI', { message: 'Now?' })).status).toBe(200);
  });
});
