import { describe, expect, it } from 'vitest';
import type { DiscussionWithTurns } from '../../../contracts/charioteer.js';
import { filterAiReply } from '../../../contracts/rules.js';
import { charioteerTestbed, collectTurns, startDiscussion } from './test/charioteer-table.js';

const { bed, table } = charioteerTestbed();

describe('a turn as it streams', () => {
  it('goes through the persona-text sanitiser piece by piece: what streams is what stays', async () => {
    const { me, personas, socket } = await table(2);
    const chunks = ['  **Sure', '!** #', '1 (tip) ~[a] {b', '} <c> | d/e\\', 'f & g ^ h $ i @ j.  '];
    bed.fake.enqueue({ chunks, chunkDelayMs: 20 });
    const deltas: string[] = [];
    socket.on('charioteerTurnDelta', ({ delta }) => deltas.push(delta));
    const turns = collectTurns(socket);
    const { body } = await startDiscussion(me, personas, 1);
    await expect.poll(() => turns.length, { timeout: 5000 }).toBe(1);

    const expected = filterAiReply(chunks.join(''));
    expect(expected).toBe('Sure     1  tip    a   b   c    d e f   g   h   i   j.');
    expect(deltas.length).toBeGreaterThan(1);
    for (const delta of deltas) expect(delta).not.toMatch(/[*#()[\]{}~<>|/\\&^$@!]/);
    expect(deltas.join('')).toBe(expected);
    const saved = await me.client.get<DiscussionWithTurns>(`/api/charioteer/discussions/${body._id}`);
    expect(saved.body.turns[0]?.text).toBe(expected);
  });
});
