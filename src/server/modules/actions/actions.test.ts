import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_ERRORS, titleFromMemory, type Action } from '../../../contracts/actions.js';
import { buildUser, type BuiltUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let me: BuiltUser;
let other: BuiltUser;
beforeAll(async () => {
  server = await startTestServer();
  me = await buildUser(server.client());
  other = await buildUser(server.client());
});
afterAll(() => server.close());

const create = (user: BuiltUser, body: Record<string, unknown>) =>
  user.client.post<Action>('/api/actions/createAction', { userId: user.user._id, type: 'note', ...body });

describe('titleFromMemory', () => {
  it('takes the first line, cut to 40 characters', () => {
    expect(titleFromMemory('  Shopping list\nmilk\neggs')).toBe('Shopping list');
    expect(titleFromMemory('x'.repeat(60))).toBe('x'.repeat(40));
    expect(titleFromMemory(`${'y'.repeat(39)} and more`)).toBe('y'.repeat(39));
  });
});

describe('POST /api/actions/createAction', () => {
  it('saves a note with a title from its first line and an empty description', async () => {
    const res = await create(me, {
      memory: 'Ideas for the weekend\nhike, read',
      description: 'ignored',
      title: '',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: me.user._id,
      type: 'note',
      title: 'Ideas for the weekend',
      description: '',
      memory: 'Ideas for the weekend\nhike, read',
      pinned: false,
    });
    const titled = await create(me, {
      type: 'prompt',
      title: 'Summarise',
      memory: 'Summarise this in three lines',
    });
    expect(titled.body).toMatchObject({ type: 'prompt', title: 'Summarise' });
  });

  it.each([
    ['empty memory', { memory: '   ' }, 400, 'memory cannot be empty'],
    ['missing memory', { memory: undefined }, 400, 'memory is required'],
    ['an unknown type', { memory: 'x', type: 'todo' }, 400, 'type must be prompt or note'],
  ])('refuses %s', async (_label, body, status, error) => {
    const res = await create(me, body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error, code: 'invalid_input' });
  });

  it('refuses to save for someone else (403) and for visitors (401)', async () => {
    const res = await me.client.post('/api/actions/createAction', {
      userId: other.user._id,
      type: 'note',
      memory: 'x',
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: ACTION_ERRORS.notYours, code: 'forbidden' });
    expect(
      (
        await server
          .client()
          .post('/api/actions/createAction', { userId: me.user._id, type: 'note', memory: 'x' })
      ).status,
    ).toBe(401);
  });
});

describe('GET /api/actions/getActions/:userId', () => {
  it('lists only my own items, newest first, in pages', async () => {
    const owner = await buildUser(server.client());
    for (let i = 1; i <= 5; i += 1) await create(owner, { memory: `note ${i}` });
    await create(other, { memory: 'not yours' });
    const first = await owner.client.get<Action[]>(`/api/actions/getActions/${owner.user._id}?limit=3`);
    expect(first.body.map((a) => a.memory)).toEqual(['note 5', 'note 4', 'note 3']);
    const cursor = first.headers.get('x-next-cursor');
    const second = await owner.client.get<Action[]>(
      `/api/actions/getActions/${owner.user._id}?limit=3&before=${cursor}`,
    );
    expect(second.body.map((a) => a.memory)).toEqual(['note 2', 'note 1']);
    expect(second.headers.get('x-next-cursor')).toBeNull();
  });

  it('refuses someone else’s list with 403', async () => {
    const res = await me.client.get(`/api/actions/getActions/${other.user._id}`);
    expect(res.status).toBe(403);
    expect((await me.client.get(`/api/actions/getActions/${me.user._id}?before=nope`)).status).toBe(400);
  });
});

describe('PATCH /api/actions/updateAction/:id and DELETE /api/actions/deleteAction/:id', () => {
  it('updates my item, keeping the title rule, and pins prompts only', async () => {
    const note = (await create(me, { memory: 'old text' })).body;
    const res = await me.client.request<Action>('PATCH', `/api/actions/updateAction/${note._id}`, {
      userId: me.user._id,
      title: '',
      description: 'still empty',
      memory: 'New first line\nmore',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'New first line',
      memory: 'New first line\nmore',
      description: '',
    });
    const pinNote = await me.client.request('PATCH', `/api/actions/updateAction/${note._id}`, {
      pinned: true,
    });
    expect(pinNote.status).toBe(400);
    expect(pinNote.body).toEqual({ error: ACTION_ERRORS.onlyPromptsPin, code: 'invalid_input' });
    const prompt = (await create(me, { type: 'prompt', memory: 'Rewrite politely' })).body;
    const pinned = await me.client.request<Action>('PATCH', `/api/actions/updateAction/${prompt._id}`, {
      pinned: true,
    });
    expect(pinned.body.pinned).toBe(true);
    const emptied = await me.client.request('PATCH', `/api/actions/updateAction/${prompt._id}`, {
      memory: ' ',
    });
    expect(emptied.status).toBe(400);
  });

  it('refuses changing or deleting someone else’s item, and unknown ids', async () => {
    const theirs = (await create(other, { memory: 'private' })).body;
    const patch = await me.client.request('PATCH', `/api/actions/updateAction/${theirs._id}`, {
      memory: 'hijack',
    });
    expect(patch.status).toBe(403);
    const forged = await other.client.request('PATCH', `/api/actions/updateAction/${theirs._id}`, {
      userId: me.user._id,
      memory: 'x',
    });
    expect(forged.status).toBe(403);
    const del = await me.client.request('DELETE', `/api/actions/deleteAction/${theirs._id}`);
    expect(del.status).toBe(403);
    expect(
      (await me.client.request('DELETE', '/api/actions/deleteAction/0190d6a8-0000-7000-8000-000000000000'))
        .status,
    ).toBe(404);
    const still = await other.client.get<Action[]>(`/api/actions/getActions/${other.user._id}`);
    expect(still.body.find((a) => a._id === theirs._id)?.memory).toBe('private');
  });

  it('deletes my own item', async () => {
    const mine = (await create(me, { memory: 'temporary' })).body;
    const res = await me.client.request('DELETE', `/api/actions/deleteAction/${mine._id}`);
    expect(res.status).toBe(200);
    const list = await me.client.get<Action[]>(`/api/actions/getActions/${me.user._id}?limit=500`);
    expect(list.body.some((a) => a._id === mine._id)).toBe(false);
  });
});
