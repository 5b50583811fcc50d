import { describe, expect, it } from 'vitest';
import type { Action } from '../../../contracts/actions.js';
import {
  CHARIOTEER_ERRORS,
  type Discussion,
  type DiscussionWithTurns,
  type Turn,
} from '../../../contracts/charioteer.js';
import { buildUser } from '../../test/factories.js';
import { nextEvent } from '../../test/socket-client.js';
import { charioteerTestbed, collectTurns, startDiscussion, statusReaches } from './test/charioteer-table.js';

const { bed, table } = charioteerTestbed();
const start = startDiscussion;

describe('starting a discussion', () => {
  it.each([
    ['one persona', 1, 'Choose at least 2 personas'],
    ['six personas', 6, 'Choose at most 5 personas'],
  ])('refuses %s', async (_label, count, error) => {
    const { me, personas } = await table(count);
    const res = await start(me, personas, 2);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, code: 'invalid_input' });
  });

  it('refuses a seat that is not a persona, a repeated seat, an empty topic and visitors', async () => {
    const { me, personas } = await table(2);
    const human = await me.client.post('/api/charioteer/discussions', {
      topic: 't',
      personaIds: [personas[0]?._id, me.user._id],
    });
    expect(human.status).toBe(404);
    expect(human.body).toEqual({ error: CHARIOTEER_ERRORS.personaMissing, code: 'not_found' });
    const twice = await me.client.post('/api/charioteer/discussions', {
      topic: 't',
      personaIds: [personas[0]?._id, personas[0]?._id],
    });
    expect(twice.status).toBe(400);
    expect(
      (
        await me.client.post('/api/charioteer/discussions', {
          topic: ' ',
          personaIds: personas.map((p) => p._id),
        })
      ).status,
    ).toBe(400);
    expect(
      (await bed.server.client().post('/api/charioteer/discussions', { topic: 't', personaIds: [] })).status,
    ).toBe(401);
  });
});

describe('running a discussion', () => {
  it('lets each persona speak in seat order, streaming, each seeing the others', async () => {
    const { me, personas, socket } = await table(3);
    const turns = collectTurns(socket);
    const deltas: string[] = [];
    socket.on('charioteerTurnDelta', ({ delta }) => deltas.push(delta));
    const finished = statusReaches(socket, 'finished');
    const before = bed.fake.requests.length;
    const res = await start(me, personas, 3);
    expect(res.status).toBe(201);
    expect(res.body.seats.map((s) => s._id)).toEqual(personas.map((p) => p._id));
    await finished;
    expect(turns.map((t) => t.speakerId)).toEqual(personas.map((p) => p._id));
    expect(deltas.join('')).toBe('I think we should look closer.'.repeat(3));
    const prompts = bed.fake.requests.slice(before).map((r) => r.body.messages);
    expect(prompts[0]?.[0]?.content).toContain('roundtable discussion with Seat 1, Seat 2');
    expect(prompts[0]?.[0]?.content).toContain('Reply in 100 words or less');
    expect(prompts[0]?.slice(1)).toEqual([
      { role: 'user', content: 'Open the discussion on: Is slow better than fast' },
    ]);
    expect(prompts[2]?.slice(1)).toEqual([
      {
        role: 'user',
        content:
          'The discussion so far on: Is slow better than fast\nSeat 0: I think we should look closer.\nSeat 1: I think we should look closer.',
      },
    ]);
    const saved = await me.client.get<DiscussionWithTurns>(`/api/charioteer/discussions/${res.body._id}`);
    expect(saved.body.turns).toHaveLength(3);
    expect(saved.body.discussion).toMatchObject({ status: 'finished', turnsLeft: 0 });
  });

  it('lets the user pick the next speaker and join in', async () => {
    const { me, personas, socket } = await table(3);
    bed.fake.setDefault({ text: 'Slow words here.', chunkDelayMs: 60 });
    const turns = collectTurns(socket);
    const firstTurn = nextEvent(socket, 'charioteerTurnStart');
    const finished = statusReaches(socket, 'finished');
    const { body } = await start(me, personas, 2);
    await firstTurn;
    const picked = await me.client.post<Discussion>(`/api/charioteer/discussions/${body._id}/next`, {
      personaId: personas[2]?._id,
    });
    expect(picked.body.nextSpeakerId).toBe(personas[2]?._id);
    const said = await me.client.post<Turn>(`/api/charioteer/discussions/${body._id}/messages`, {
      text: 'What about the cost?',
    });
    expect(said.status).toBe(201);
    await finished;
    expect(turns.filter((t) => t.speakerKind === 'persona').map((t) => t.speakerId)).toEqual([
      personas[0]?._id,
      personas[2]?._id,
    ]);
    const last = bed.fake.requests.at(-1)?.body.messages.at(-1)?.content;
    expect(last).toContain(`${me.user.name}: What about the cost?`);
    const wrongSeat = await me.client.post(`/api/charioteer/discussions/${body._id}/next`, {
      personaId: me.user._id,
    });
    expect(wrongSeat.status).toBe(400);
  });
});

describe('limits, ownership and export', () => {
  it('runs one discussion per user at a time, and only its owner may see or steer it', async () => {
    const { me, personas, socket } = await table(2);
    bed.fake.setDefault({ text: 'one two three four five six', chunkDelayMs: 80 });
    const { body } = await start(me, personas, 3);
    const second = await start(me, personas, 3);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: CHARIOTEER_ERRORS.alreadyRunning, code: 'conflict' });
    const stranger = await buildUser(bed.server.client());
    for (const path of ['', '/stop', '/pause', '/export']) {
      const res = path
        ? await stranger.client.post(`/api/charioteer/discussions/${body._id}${path}`, {})
        : await stranger.client.get(`/api/charioteer/discussions/${body._id}`);
      expect(res.status).toBe(403);
    }
    const paused = statusReaches(socket, 'paused');
    await me.client.post(`/api/charioteer/discussions/${body._id}/pause`, {});
    await paused;
    expect((await start(me, personas, 1)).status).toBe(409);
    await me.client.post(`/api/charioteer/discussions/${body._id}/stop`, {});
    expect((await start(me, personas, 1)).status).toBe(201);
  });

  it('exports the transcript as a note, and reopens a finished discussion', async () => {
    const { me, personas, socket } = await table(2);
    const finished = statusReaches(socket, 'finished');
    const { body } = await start(me, personas, 2, 'Tea or coffee');
    await finished;
    const stopFinished = await me.client.post(`/api/charioteer/discussions/${body._id}/stop`, {});
    expect(stopFinished.status).toBe(409);
    expect(stopFinished.body).toEqual({ error: CHARIOTEER_ERRORS.notRunning, code: 'conflict' });
    const note = await me.client.post<Action>(`/api/charioteer/discussions/${body._id}/export`, {});
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ type: 'note', title: 'Roundtable: Tea or coffee' });
    expect(note.body.memory).toBe(
      'Roundtable: Tea or coffee\n\nSeat 0: I think we should look closer.\nSeat 1: I think we should look closer.',
    );
    const again = statusReaches(socket, 'finished');
    const resumed = await me.client.post<Discussion>(`/api/charioteer/discussions/${body._id}/resume`, {
      turns: 1,
    });
    expect(resumed.body.status).toBe('running');
    await again;
    const saved = await me.client.get<DiscussionWithTurns>(`/api/charioteer/discussions/${body._id}`);
    expect(saved.body.turns.map((t) => t.speakerId)).toEqual([
      personas[0]?._id,
      personas[1]?._id,
      personas[0]?._id,
    ]);
    const list = await me.client.get<Discussion[]>('/api/charioteer/discussions');
    expect(list.body.map((d) => d._id)).toContain(body._id);
  });
});
