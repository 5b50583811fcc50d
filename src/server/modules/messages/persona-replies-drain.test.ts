import { describe, expect, it } from 'vitest';
import type { Message } from '../../../contracts/messages.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { buildPersona, buildUser } from '../../test/factories.js';
import { nextEvent } from '../../test/socket-client.js';

const app = fakeAiApp();

describe('shutting down while a persona writes', () => {
  it('lets the reply finish and reach the tab before the drain ends (and the sockets close)', async () => {
    const me = await buildUser(app.server.client());
    const maker = await buildUser(app.server.client());
    const persona = await buildPersona(maker.client, { prompt: 'You are Nova.' });
    const tab = await app.tab(me);
    const answer = 'Ahoy there, traveller, the tide is turning and the charts are dry tonight.';
    app.fake.enqueue({ text: answer, chunkDelayMs: 60 });
    const started = nextEvent(tab, 'aiReplyStart');
    const heard: Message[] = [];
    tab.on('newMessage', (m) => heard.push(m));
    await me.client.post('/api/messages', { message: 'Hello captain', recipientId: persona._id });
    await started;

    expect(await app.server.app.drain()).toBe(true);
    const reply = heard.find((m) => m.sender === persona._id);
    expect(reply?.text).toBe(answer);
    expect(tab.connected).toBe(true);
  });
});
