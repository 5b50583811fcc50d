import { describe, expect, it } from 'vitest';
import type { DiscussionWithTurns } from '../../../contracts/charioteer.js';
import type { RecordedRequest } from '../../test/fake-openai.js';
import { HISTORY_CHAR_BUDGET } from '../ai/persona-prompt.js';
import { RECENT_TURNS } from './charioteer-prompt.js';
import { charioteerTestbed, startDiscussion, statusReaches } from './test/charioteer-table.js';

const { bed, table } = charioteerTestbed();

type Message = RecordedRequest['body']['messages'][number];
const transcriptOf = (messages: Message[]) => messages.filter((m) => m.role !== 'system');
/** The opening line every later prompt starts with; it names the topic and says when turns were left out. */
const OPENING = /^The discussion so far on: [^\n]*(\n|$)/;

describe('what a speaker sees of the discussion (the prompt the provider receives)', () => {
  it("gives every speaker its own earlier turns as its own, and the others' by name", async () => {
    const { me, personas, socket } = await table(2);
    bed.fake.enqueue(
      { text: 'Alpha one.' },
      { text: 'Beta one.' },
      { text: 'Alpha two.' },
      { text: 'Beta two.' },
    );
    const finished = statusReaches(socket, 'finished');
    const before = bed.fake.requests.length;
    await startDiscussion(me, personas, 4, 'Tea or coffee');
    await finished;
    const prompts = bed.fake.requests.slice(before).map((r) => transcriptOf(r.body.messages));
    expect(prompts).toHaveLength(4);
    expect(prompts[0]).toEqual([{ role: 'user', content: 'Open the discussion on: Tea or coffee' }]);
    expect(prompts[1]).toEqual([
      { role: 'user', content: 'The discussion so far on: Tea or coffee\nSeat 0: Alpha one.' },
    ]);
    // The opener's own first turn comes back to it, as its own (assistant) turn.
    expect(prompts[2]).toEqual([
      { role: 'user', content: 'The discussion so far on: Tea or coffee' },
      { role: 'assistant', content: 'Alpha one.' },
      { role: 'user', content: 'Seat 1: Beta one.' },
    ]);
    expect(prompts[3]).toEqual([
      { role: 'user', content: 'The discussion so far on: Tea or coffee\nSeat 0: Alpha one.' },
      { role: 'assistant', content: 'Beta one.' },
      { role: 'user', content: 'Seat 0: Alpha two.' },
    ]);
    const system = bed.fake.requests[before + 2]?.body.messages[0]?.content ?? '';
    expect(system).toContain('Your own earlier turns are your messages in this chat');
  });

  it('keeps the newest turns within a turn count and a character budget over a long discussion', async () => {
    const { me, personas, socket } = await table(3);
    const TURNS = 20;
    // Fourteen short turns (the turn count binds), then six long ones (the characters bind).
    const said = Array.from({ length: TURNS }, (_, i) =>
      i < 14 ? `Mark${i}x is my point.` : `Mark${i}x ${'and on and on '.repeat(90)}`.trim(),
    );
    bed.fake.enqueue(...said.map((text) => ({ text })));
    const finished = statusReaches(socket, 'finished');
    const before = bed.fake.requests.length;
    const { body } = await startDiscussion(me, personas, TURNS);
    await finished;
    const saved = await me.client.get<DiscussionWithTurns>(`/api/charioteer/discussions/${body._id}`);
    expect(saved.body.turns.map((t) => t.text)).toEqual(said);

    const prompts = bed.fake.requests.slice(before).map((r) => transcriptOf(r.body.messages));
    expect(prompts).toHaveLength(TURNS);
    const seen = prompts.map((messages) =>
      said.flatMap((_, i) => (messages.some((m) => m.content.includes(`Mark${i}x `)) ? [i] : [])),
    );
    for (const [j, messages] of prompts.entries()) {
      if (j === 0) continue;
      // The newest turns, without gaps, up to the one just before.
      const kept = seen[j] ?? [];
      expect(kept.at(-1)).toBe(j - 1);
      expect(kept).toEqual(Array.from({ length: kept.length }, (_, k) => j - kept.length + k));
      expect(kept.length).toBeLessThanOrEqual(RECENT_TURNS);
      // Within the budget once the one-line opening is taken off.
      const text = messages.map((m) => m.content).join('\n');
      expect(text.replace(OPENING, '').length).toBeLessThanOrEqual(HISTORY_CHAR_BUDGET);
      expect(messages[0]?.content).toMatch(OPENING);
      if (kept.length < j) expect(messages[0]?.content).toContain('(earlier turns left out)');
      // The speaker (seat j % 3) sees its own previous turn, as its own.
      if (j >= 3) {
        const own = messages.filter((m) => m.role === 'assistant').map((m) => m.content);
        expect(own.at(-1)).toBe(said[j - 3]);
      }
    }
    // Both bounds were reached: twelve turns while they were short, fewer once they grew long.
    expect(seen[14]).toHaveLength(RECENT_TURNS);
    expect((seen[TURNS - 1] ?? []).length).toBeLessThan(8);
  });
});
