import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryEntry } from '../../../contracts/personas.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let maker: BuiltUser;
let viewer: BuiltUser;
beforeAll(async () => {
  server = await startTestServer();
  maker = await buildUser(server.client());
  viewer = await buildUser(server.client());
  await buildPersona(maker.client, {
    username: 'dirpoet',
    name: 'Zyverse Smith',
    bio: 'Writes sonnets on request.',
    tag: 'Art',
  });
  await buildPersona(maker.client, {
    username: 'dirfounder',
    name: 'Garage Builder',
    bio: 'Ships fast, 100xq focus.',
    tag: 'Startup',
  });
  await buildPersona(maker.client, {
    username: 'dirhistorian',
    name: 'Old Scroll',
    bio: 'Talks about Romezq and ideas.',
    tag: 'History',
  });
});
afterAll(() => server.close());

const list = (query: string) => viewer.client.get<DirectoryEntry[]>(`/api/users/directory${query}`);
const usernames = (entries: DirectoryEntry[]) => entries.map((e) => e.username);

describe('GET /api/users/directory', () => {
  it('lists personas with only the card fields (and their rating)', async () => {
    const res = await list(`?createdBy=${maker.user.username}`);
    expect(res.status).toBe(200);
    expect(usernames(res.body)).toEqual(['dirfounder', 'dirhistorian', 'dirpoet']);
    expect(Object.keys(res.body[0] ?? {}).sort()).toEqual([
      '_id',
      'bio',
      'createdByUsername',
      'name',
      'profilePic',
      'rating',
      'tag',
      'username',
    ]);
    expect(res.body.every((e) => e.createdByUsername === maker.user.username)).toBe(true);
  });

  it('never lists people, only personas', async () => {
    const res = await list(`?q=${viewer.user.username}`);
    expect(res.body).toEqual([]);
  });

  it('filters by tag and searches name, username and bio without regard to case', async () => {
    expect(usernames((await list('?tag=Art&q=dir')).body)).toEqual(['dirpoet']);
    expect(usernames((await list('?q=ZYVERSE')).body)).toEqual(['dirpoet']);
    expect(usernames((await list('?q=dirhist')).body)).toEqual(['dirhistorian']);
    expect(usernames((await list('?q=romezq and')).body)).toEqual(['dirhistorian']);
  });

  it('treats LIKE wildcards in a search as plain characters', async () => {
    expect(usernames((await list('?q=100xq')).body)).toEqual(['dirfounder']);
    expect(usernames((await list('?q=%25')).body)).toEqual([]);
    expect(usernames((await list('?q=_')).body)).toEqual([]);
  });

  it('pages with a cursor in the X-Next-Cursor header', async () => {
    const first = await list(`?createdBy=${maker.user.username}&limit=2`);
    expect(usernames(first.body)).toEqual(['dirfounder', 'dirhistorian']);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBe('dirhistorian');
    const second = await list(`?createdBy=${maker.user.username}&limit=2&cursor=${cursor}`);
    expect(usernames(second.body)).toEqual(['dirpoet']);
    expect(second.headers.get('x-next-cursor')).toBeNull();
  });

  it('refuses a bad tag or limit with 400 and visitors with 401', async () => {
    expect((await list('?tag=Cooking')).status).toBe(400);
    expect((await list('?limit=1000')).status).toBe(400);
    expect((await server.client().get('/api/users/directory')).status).toBe(401);
  });
});

describe('directory rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    // 60 a minute: the burst of 60 is the whole allowance, and it refills one a second.
    limited = await startTestServer({ DIRECTORY_RATE_LIMIT: '60' });
  });
  afterAll(() => limited.close());

  it('answers a person who asks too often with 429 and Retry-After, while others still browse', async () => {
    const looper = await buildUser(limited.client());
    const other = await buildUser(limited.client());
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await looper.client.get('/api/users/directory')).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await looper.client.get('/api/users/directory?q=fiction');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'Too many requests, please slow down and try again shortly',
      code: 'rate_limited',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await other.client.get('/api/users/directory')).status).toBe(200);
  });
});
