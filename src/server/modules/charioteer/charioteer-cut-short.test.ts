import { describe, expect, it } from 'vitest';
import type { Action } from '../../../contracts/actions.js';
import type { Discussion, DiscussionWithTurns } from '../../../contracts/charioteer.js';
import { nextEvent } from '../../test/socket-client.js';
import { charioteerTestbed, collectTurns, startDiscussion, statusReaches } from './test/charioteer-table.js';

const { bed, table } = charioteerTestbed();

describe('a turn cut short', () => {
  it('keeps what was said when the owner stops, marked as cut short, and cancels upstream', async () => {
    const { me, personas, socket } = await table(2);
    bed.fake.setDefault({ text: 'a b c d e f g h i j k l m n o p', chunkDelayMs: 100 });
    const events: string[] = [];
    socket.on('charioteerTurn', ({ turn }) => events.push(`turn ${turn.text}`));
    socket.on('charioteerStatus', ({ discussion }) => events.push(`status ${discussion.status}`));
    const deltas: string[] = [];
    const threeWords = new Promise<void>((resolve) =>
      socket.on('charioteerTurnDelta', ({ delta }) => deltas.push(delta) === 3 && resolve()),
    );
    const { body } = await startDiscussion(me, personas, 5);
    await threeWords;
    const stopped = await me.client.post<Discussion>(`/api/charioteer/discussions/${body._id}/stop`, {});
    expect(stopped.body.status).toBe('stopped');
    await expect.poll(() => bed.fake.requests.at(-1)?.abortedAt, { timeout: 2000 }).toBeDefined();

    // Stored by the time the stop answers, and announced before the stop itself.
    const saved = await me.client.get<DiscussionWithTurns>(`/api/charioteer/discussions/${body._id}`);
    expect(saved.body.discussion.status).toBe('stopped');
    expect(saved.body.turns).toHaveLength(1);
    const [cut] = saved.body.turns;
    expect(cut).toMatchObject({ speakerId: personas[0]?._id, speakerKind: 'persona', cutShort: true });
    expect(cut?.text).toMatch(/^a b c( d)*$/);
    expect(cut?.text).toBe(deltas.join('').trim());
    expect(events.indexOf(`turn ${cut?.text}`)).toBe(0);
    expect(events).toContain('status stopped');

    const note = await me.client.post<Action>(`/api/charioteer/discussions/${body._id}/export`, {});
    expect(note.body.memory).toBe(`Roundtable: Is slow better than fast\n\nSeat 0: ${cut?.text} (cut short)`);
  });

  it('stores nothing for a turn stopped before its first word', async () => {
    const { me, personas, socket } = await table(2);
    bed.fake.setDefault({ text: 'Too late.', firstByteDelayMs: 1500 });
    const turns = collectTurns(socket);
    const started = nextEvent(socket, 'charioteerTurnStart');
    const { body } = await startDiscussion(me, personas, 3);
    await started;
    await me.client.post(`/api/charioteer/discussions/${body._id}/stop`, {});
    await new Promise((r) => setTimeout(r, 300));
    const saved = await me.client.get<DiscussionWithTurns>(`/api/charioteer/discussions/${body._id}`);
    expect(saved.body.turns).toEqual([]);
    expect(turns).toEqual([]);
  });

  it('keeps what streamed before the provider failed mid-turn, then fails with a clear message', async () => {
    const { me, personas, socket } = await table(2);
    bed.fake.enqueue(
      { text: 'First thoughts.' },
      { text: 'one two three four five six', chunkDelayMs: 40, cutAfterChunks: 3 },
    );
    const turns = collectTurns(socket);
    const failed = statusReaches(socket, 'failed');
    const { body } = await startDiscussion(me, personas, 4);
    const discussion = await failed;
    expect(discussion.error).toBe('The AI service failed to answer. Please try again in a moment.');
    const saved = await me.client.get<DiscussionWithTurns>(`/api/charioteer/discussions/${body._id}`);
    expect(saved.body.turns.map((t) => [t.text, t.cutShort])).toEqual([
      ['First thoughts.', false],
      ['one two three', true],
    ]);
    expect(turns.map((t) => t.cutShort)).toEqual([false, true]);
  });

  it('stores nothing for a turn that failed before its first word, and keeps the transcript', async () => {
    const { me, personas, socket } = await table(2);
    bed.fake.enqueue({ text: 'First thoughts.' }, { status: 500 });
    const failed = statusReaches(socket, 'failed');
    const { body } = await startDiscussion(me, personas, 4);
    await failed;
    const saved = await me.client.get<DiscussionWithTurns>(`/api/charioteer/discussions/${body._id}`);
    expect(saved.body.turns.map((t) => [t.text, t.cutShort])).toEqual([['First thoughts.', false]]);
  });
});
