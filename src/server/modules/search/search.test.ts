import { describe, expect, it } from 'vitest';
import type { Action } from '../../../contracts/actions.js';
import type { Message } from '../../../contracts/messages.js';
import { SEARCH_NEEDS_A_WORD, type SearchResult } from '../../../contracts/search.js';
import { buildUser, type BuiltUser } from '../../test/factories.js';
import { charioteerTestbed, startDiscussion, statusReaches } from '../charioteer/test/charioteer-table.js';

const { bed, table } = charioteerTestbed();

const search = (who: BuiltUser, q: string) =>
  who.client.get<SearchResult[]>(`/api/search?q=${encodeURIComponent(q)}`);
const found = async (who: BuiltUser, q: string) => {
  const answer = await search(who, q);
  expect(answer.status).toBe(200);
  return answer.body;
};
const send = async (from: BuiltUser, to: BuiltUser, message: string) =>
  (await from.client.post<Message>('/api/messages', { message, recipientId: to.user._id })).body;
const marked = (result: SearchResult | undefined) =>
  result ? result.highlights.map(([a, b]) => result.excerpt.slice(a, b)) : [];

/** Words no other test of the run writes, so results are this test's own. */
const unique = () => `zq${Math.random().toString(36).slice(2, 10)}`;

describe('GET /api/search', () => {
  it('finds a message of either side of the reader’s conversations, with the words marked', async () => {
    const ann = await buildUser(bed.server.client());
    const bob = await buildUser(bed.server.client());
    const word = unique();
    const mine = await send(ann, bob, `Bring the ${word}lantern to the harbour`);
    const theirs = await send(bob, ann, `The ${word} is in the boathouse`);
    await send(ann, bob, 'Nothing to see here');

    const results = await found(ann, word);
    expect(results.map((r) => r._id).sort()).toEqual([mine._id, theirs._id].sort());
    const bobs = results.find((r) => r._id === theirs._id);
    expect(bobs).toMatchObject({
      kind: 'message',
      title: `@${bob.user.username}`,
      excerpt: `The ${word} is in the boathouse`,
      chatWith: { _id: bob.user._id, username: bob.user.username },
    });
    expect(marked(bobs)).toEqual([word]);
    expect(marked(results.find((r) => r._id === mine._id))).toEqual([`${word}lantern`]);
    // Every word must match, each as the beginning of a word.
    expect((await found(ann, `${word} boat`)).map((r) => r._id)).toEqual([theirs._id]);
    expect(await found(ann, `${word} lighthouse`)).toEqual([]);
    expect(await found(ann, word.slice(1))).toEqual([]);
  });

  it('never shows anyone else’s messages, notes or discussions', async () => {
    const ann = await buildUser(bed.server.client());
    const bob = await buildUser(bed.server.client());
    const eve = await buildUser(bed.server.client());
    const word = unique();
    await send(ann, bob, `secret ${word}`);
    await ann.client.post<Action>('/api/actions/createAction', {
      userId: ann.user._id,
      type: 'note',
      memory: `note ${word}`,
    });
    expect(await found(eve, word)).toEqual([]);
    expect((await found(bob, word)).map((r) => r.kind)).toEqual(['message']);
    expect((await found(ann, word)).map((r) => r.kind).sort()).toEqual(['message', 'note']);
  });

  it('follows notes and prompts as they are saved, edited and deleted', async () => {
    const ann = await buildUser(bed.server.client());
    const word = unique();
    const created = await ann.client.post<Action>('/api/actions/createAction', {
      userId: ann.user._id,
      type: 'prompt',
      memory: `Summarise the ${word} report`,
    });
    expect(await found(ann, word)).toMatchObject([{ kind: 'prompt', _id: created.body._id }]);

    const other = unique();
    const edited = await ann.client.request('PATCH', `/api/actions/updateAction/${created.body._id}`, {
      title: 'Report',
      memory: `Summarise the ${other} report`,
    });
    expect(edited.status).toBe(200);
    expect(await found(ann, word)).toEqual([]);
    expect(await found(ann, other)).toMatchObject([{ kind: 'prompt', _id: created.body._id }]);

    const deleted = await ann.client.request('DELETE', `/api/actions/deleteAction/${created.body._id}`);
    expect(deleted.status).toBe(200);
    expect(await found(ann, other)).toEqual([]);
  });

  it('finds a discussion by its topic and by what was said in it', async () => {
    const { me, personas, socket } = await table(2);
    const word = unique();
    bed.fake.setDefault({ text: `We should weigh the ${word}ness first.` });
    const finished = statusReaches(socket, 'finished');
    const { body: discussion } = await startDiscussion(me, personas, 1, `Is ${word} worth it`);
    await finished;

    const results = await found(me, word);
    expect(results.map((r) => r.kind)).toEqual(['discussion', 'discussion']);
    const turn = results.find((r) => r.kind === 'discussion' && r.turnId !== undefined);
    expect(turn).toMatchObject({ _id: discussion._id, title: `Is ${word} worth it` });
    expect(marked(turn)).toEqual([`${word}ness`]);
    const other = await buildUser(bed.server.client());
    expect(await found(other, word)).toEqual([]);
  });

  it('finds a 2-character word only as a whole word', async () => {
    const ann = await buildUser(bed.server.client());
    const bob = await buildUser(bed.server.client());
    const word = unique();
    const whole = await send(ann, bob, `${word} ok then`);
    await send(ann, bob, `${word} okay then`);
    expect((await found(ann, `${word} ok`)).map((r) => r._id)).toEqual([whole._id]);
    expect(await found(ann, `${word} oka`)).toHaveLength(1);
  });

  it('ranks the closer match first', async () => {
    const ann = await buildUser(bed.server.client());
    const bob = await buildUser(bed.server.client());
    const word = unique();
    const once = await send(
      ann,
      bob,
      `${word} and a great many other words that say nothing much at all here`,
    );
    const twice = await send(ann, bob, `${word} ${word}`);
    expect((await found(ann, word)).map((r) => r._id)).toEqual([twice._id, once._id]);
  });

  it('finds text saved in Arabic presentation forms by the letters people type, and shows it so', async () => {
    const ann = await buildUser(bed.server.client());
    const word = unique();
    // "العربية" as a PDF's text layer gives it: the shaped glyphs' code points, not the letters.
    const shaped = '\uFE8D\uFEDF\uFECC\uFEAE\uFE91\uFEF4\uFE94';
    const saved = await ann.client.post<Action>('/api/actions/createAction', {
      userId: ann.user._id,
      type: 'note',
      memory: `${word} ${shaped} ﬁnal`,
    });
    const results = await found(ann, 'العربية');
    expect(results.map((r) => r._id)).toEqual([saved.body._id]);
    expect(results[0]?.excerpt).toBe(`${word} العربية final`);
    expect(marked(results[0])).toEqual(['العربية']);
    expect((await found(ann, shaped)).map((r) => r._id)).toEqual([saved.body._id]);
  });

  it('refuses a query without a word to search for, and one too long', async () => {
    const ann = await buildUser(bed.server.client());
    for (const q of ['', 'a', '!!', 'x y']) {
      const answer = await search(ann, q);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: SEARCH_NEEDS_A_WORD, code: 'invalid_input' });
    }
    expect((await search(ann, 'w'.repeat(201))).status).toBe(400);
    expect((await bed.server.client().get('/api/search?q=hello')).status).toBe(401);
  });

  it('treats query syntax as words', async () => {
    const ann = await buildUser(bed.server.client());
    const bob = await buildUser(bed.server.client());
    const word = unique();
    const sent = await send(ann, bob, `${word} NEAR owners`);
    for (const q of [`"${word}"`, `${word}* OR owners:`, `${word} AND NOT`, `body:${word}`]) {
      const answer = await search(ann, q);
      expect(answer.status, q).toBe(200);
    }
    expect((await found(ann, `${word} near`)).map((r) => r._id)).toEqual([sent._id]);
  });
});
