import { describe, expect, it } from 'vitest';
import type { Discussion, DiscussionWithTurns, Turn } from '../../../contracts/charioteer.js';
import { fakeAiApp } from '../../test/fake-ai-app.js';
import { buildPersona, buildUser } from '../../test/factories.js';
import { nextEvent } from '../../test/socket-client.js';

const app = fakeAiApp();

describe('shutting down while a roundtable speaks', () => {
  it('lets the turn being spoken finish and be stored, starts no other, and leaves the discussion running', async () => {
    const me = await buildUser(app.server.client());
    const seats = [(await buildPersona(me.client))._id, (await buildPersona(me.client))._id];
    const tab = await app.tab(me);
    const said = 'Tea, because the kettle is already warm and the morning is long.';
    app.fake.setDefault({ text: said, chunkDelayMs: 40 });
    const turnStarted = nextEvent(tab, 'charioteerTurnStart');
    const heard: Turn[] = [];
    tab.on('charioteerTurn', ({ turn }) => heard.push(turn));
    const started = await me.client.post<Discussion>('/api/charioteer/discussions', {
      topic: 'Tea or coffee?',
      personaIds: seats,
      turns: 5,
    });
    await turnStarted;

    expect(await app.server.app.drain()).toBe(true);
    expect(heard.map((t) => t.text)).toEqual([said]);
    // One turn asked of the provider: the drain started no second one.
    expect(app.fake.requests).toHaveLength(1);
    const after = await me.client.get<DiscussionWithTurns>(`/api/charioteer/discussions/${started.body._id}`);
    expect(after.body.discussion.status).toBe('running');
    expect(after.body.turns).toHaveLength(1);
  });
});
