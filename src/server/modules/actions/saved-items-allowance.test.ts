import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Action } from '../../../contracts/actions.js';
import { ERRORS } from '../../../contracts/errors.js';
import { buildUser, type BuiltUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

const DAY_SECONDS = 24 * 60 * 60;
const NOTE = 'n'.repeat(200_000);

const save = (user: BuiltUser, memory: string) =>
  user.client.post<Action>('/api/actions/createAction', { userId: user.user._id, type: 'note', memory });

describe('the daily allowance of saved items, at its defaults', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('saves 40 notes of 200 KB, refuses the 41st with 429 and Retry-After, and keeps the 40', async () => {
    const me = await buildUser(server.client());
    for (let i = 0; i < 40; i += 1) expect((await save(me, NOTE)).status).toBe(201);
    const refused = await save(me, NOTE);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: `${ERRORS.savedItemsQuota} Please try again in about 24 hours.`,
      code: 'quota_exceeded',
    });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(DAY_SECONDS - 120);
    expect(wait).toBeLessThanOrEqual(DAY_SECONDS);
    const listed = await me.client.get<Action[]>(`/api/actions/getActions/${me.user._id}?limit=100`);
    expect(listed.body).toHaveLength(40);
    // A small note still fits nowhere: the bytes are spent for the day.
    expect((await save(me, 'short')).status).toBe(429);
    // Another person's day is their own.
    const other = await buildUser(server.client());
    expect((await save(other, NOTE)).status).toBe(201);
  });
});

describe('the daily allowance of saved items, as configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SAVED_ITEMS_PER_DAY: '3', SAVED_ITEMS_BYTES_PER_DAY: '1000' });
  });
  afterAll(() => server.close());

  it('counts items and bytes: a refused save spends nothing', async () => {
    const me = await buildUser(server.client());
    expect((await save(me, 'x'.repeat(900))).status).toBe(201);
    // Past the bytes: refused, and neither its item nor its bytes are counted.
    expect((await save(me, 'x'.repeat(200))).status).toBe(429);
    expect((await save(me, 'one')).status).toBe(201);
    expect((await save(me, 'two')).status).toBe(201);
    const fourth = await save(me, 'three');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ code: 'quota_exceeded' });
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts a note grown by an edit, not one rewritten at the same length', async () => {
    const me = await buildUser(server.client());
    const note = (await save(me, 'x'.repeat(500))).body;
    const edit = (memory: string) =>
      me.client.request('PATCH', `/api/actions/updateAction/${note._id}`, { memory });
    expect((await edit('y'.repeat(500))).status).toBe(200);
    expect((await edit('z'.repeat(900))).status).toBe(200);
    expect((await edit('w'.repeat(1100))).status).toBe(429);
    expect((await me.client.get<Action[]>(`/api/actions/getActions/${me.user._id}`)).body[0]?.memory).toBe(
      'z'.repeat(900),
    );
  });
});
