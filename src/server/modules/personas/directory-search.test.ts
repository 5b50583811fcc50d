import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryEntry } from '../../../contracts/personas.js';
import * as directorySearch from '../../db/migrations/011-directory-search.js';
import * as directoryTabSearch from '../../db/migrations/021-directory-tab-search.js';
import { newId, nowIso } from '../../lib/ids.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { directoryQueries, FEW_MATCHES } from './personas.repository.js';

// Search through the trigram index (FTS5 on SQLite, pg_trgm on PostgreSQL) returns what the substring scan did.
let server: TestServer;
let maker: BuiltUser;
let viewer: BuiltUser;
let echoId: string;
/** More personas share this word than FEW_MATCHES, so a search for it walks the username order instead. */
const COMMON_WORD = 'quorbleton';
const COMMON_COUNT = FEW_MATCHES + 50;

/** Inserts personas straight into users, as a bulk of directory data would be. */
async function insertPersonas(
  count: number,
  make: (i: number) => { username: string; bio: string; tag?: string },
) {
  const now = nowIso();
  for (let offset = 0; offset < count; offset += 500) {
    const rows = Array.from({ length: Math.min(500, count - offset) }, (_, j) => {
      const { username, bio, tag = 'Helper' } = make(offset + j);
      return {
        id: newId(),
        name: `Bulk ${username}`,
        username,
        email: `${username}@ai.simplified.invalid`,
        passwordHash: '!persona',
        bio,
        tag,
        createdByUsername: 'bulkmaker',
        isAi: 1 as const,
        createdAt: now,
        updatedAt: now,
      };
    });
    await server.testDb.db.kysely.insertInto('users').values(rows).execute();
  }
}

beforeAll(async () => {
  server = await startTestServer();
  maker = await buildUser(server.client());
  viewer = await buildUser(server.client());
  await buildPersona(maker.client, {
    username: 'srchpoet',
    name: 'Ünver Zyphos',
    bio: 'Writes ÉTUDES in rhyme.',
    tag: 'Art',
  });
  await buildPersona(maker.client, {
    username: 'srchcoach',
    name: 'Gym Zyphos',
    bio: 'Counts reps and sets.',
    tag: 'Fun',
  });
  echoId = (
    await buildPersona(maker.client, { username: 'srchecho', name: 'Echo Vale', bio: 'Repeats you.' })
  )._id;
  // The API's text filter drops % and _, so a row that holds them is written directly.
  await insertPersonas(1, () => ({ username: 'srchwild', bio: 'Half 50% off, reps_and "quotes".' }));
  await insertPersonas(COMMON_COUNT, (i) => ({
    username: `cw${i.toString().padStart(5, '0')}`,
    bio: `A ${i % 2 ? COMMON_WORD.toUpperCase() : COMMON_WORD} for test ${i}.`,
    tag: i % 2 ? 'Science' : 'History',
  }));
  // Enough rows that PostgreSQL's planner, with statistics, prefers the indexes on its own merits.
  await insertPersonas(6000, (i) => ({
    username: `fill${i.toString(36)}`,
    bio: `Filler persona number ${i}.`,
  }));
  await sql`analyze`.execute(server.testDb.db.kysely);
}, 120_000);
afterAll(() => server.close());

const list = (query: string) => viewer.client.get<DirectoryEntry[]>(`/api/users/directory${query}`);
const names = async (query: string) => (await list(query)).body.map((e) => e.username);

describe('directory search by trigram index', () => {
  it('finds a substring of name, username or bio, regardless of case', async () => {
    expect(await names('?q=zyphos')).toEqual(['srchcoach', 'srchpoet']);
    expect(await names('?q=YPHO')).toEqual(['srchcoach', 'srchpoet']);
    expect(await names('?q=rchec')).toEqual(['srchecho']);
    expect(await names('?q=counts%20reps')).toEqual(['srchcoach']);
    expect(await names('?q=zyphos&tag=Art')).toEqual(['srchpoet']);
    expect(await names(`?q=zyphos&createdBy=${maker.user.username}&cursor=srchcoach`)).toEqual(['srchpoet']);
  });

  it('treats LIKE wildcards and FTS5 query syntax as plain characters', async () => {
    expect(await names('?q=50%25%20o')).toEqual(['srchwild']);
    expect(await names('?q=s_and')).toEqual(['srchwild']);
    expect(await names('?q=s%25and')).toEqual([]);
    expect(await names('?q=%22quotes%22')).toEqual(['srchwild']);
    expect(await names('?q=rep*')).toEqual([]);
    expect(await names('?q=reps%20OR%20x')).toEqual([]);
  });

  it('matches a 1–2 character term against the start of usernames', async () => {
    const mine = `&createdBy=${maker.user.username}`;
    expect(await names(`?q=sr${mine}`)).toEqual(['srchcoach', 'srchecho', 'srchpoet']);
    expect(await names(`?q=S&tag=Art${mine}`)).toEqual(['srchpoet']);
    expect(await names(`?q=ch${mine}`)).toEqual([]);
    expect(await names('?q=%25')).toEqual([]);
  });

  it('pages through a common term in username order, as many as match', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await list(`?q=${COMMON_WORD}&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...res.body.map((e) => e.username));
      cursor = res.headers.get('x-next-cursor');
    }
    expect(seen).toHaveLength(COMMON_COUNT);
    expect(seen).toEqual([...seen].sort());
    expect(await names(`?q=${COMMON_WORD}&tag=Science&limit=3`)).toEqual(['cw00001', 'cw00003', 'cw00005']);
  });

  it('reflects edits, renames and deletes at once', async () => {
    await maker.client.put('/api/users/updateAiFields', {
      id: echoId,
      name: 'Echo Vale',
      bio: 'Now hums xylofant tunes.',
      prompt: 'You repeat.',
      tag: 'Fun',
    });
    expect(await names('?q=xylofant')).toEqual(['srchecho']);
    expect(await names('?q=xylofant&tag=Fun')).toEqual(['srchecho']);
    expect(await names('?q=xylofant&tag=Helper')).toEqual([]);
    expect(await names('?q=repeats')).toEqual([]);
    const db = server.testDb.db.kysely;
    await db.updateTable('users').set({ username: 'srchresound' }).where('id', '=', echoId).execute();
    expect(await names('?q=resound')).toEqual(['srchresound']);
    expect(await names('?q=rchecho')).toEqual([]);
    await db.updateTable('users').set({ tag: 'Art' }).where('id', '=', echoId).execute();
    expect(await names('?q=xylofant&tag=Art')).toEqual(['srchresound']);
    await db.updateTable('users').set({ isFrozen: 1 }).where('id', '=', echoId).execute();
    expect(await names('?q=xylofant')).toEqual([]);
    await db.deleteFrom('users').where('id', '=', echoId).execute();
    expect(await names('?q=xylofant')).toEqual([]);
    expect(await names('?q=resound')).toEqual([]);
  });

  it('indexes the personas that existed before the migration', async () => {
    // Migrations take an untyped Kysely: they describe the schema as it was when they were written.
    const db = server.testDb.db.kysely as unknown as Kysely<unknown>;
    await directoryTabSearch.down(db);
    await directorySearch.down(db);
    await insertPersonas(1, () => ({ username: 'srchbefore', bio: 'Made before the index, marmotish.' }));
    await directorySearch.up(db);
    await directoryTabSearch.up(db);
    expect(await names('?q=marmotish')).toEqual(['srchbefore']);
    expect(await names('?q=marmotish&tag=Helper')).toEqual(['srchbefore']);
    expect(await names('?q=zyphos')).toEqual(['srchcoach', 'srchpoet']);
    expect(await names('?q=zyphos&tag=Art')).toEqual(['srchpoet']);
  });

  it('counts a word within the tab, so a tab where a common word is rare is read through the index', async () => {
    const { db } = server.testDb;
    const matchesIn = async (tag?: string, q = COMMON_WORD) => {
      const { probe } = directoryQueries(db, { q, tag, limit: 20 });
      return probe && Number((await probe.executeTakeFirstOrThrow()).n);
    };
    if (db.engine === 'postgres') {
      // No probe: PostgreSQL's planner weighs the tag index against the trigram indexes itself (plans below).
      expect(await matchesIn('Helper')).toBeUndefined();
      return;
    }
    expect(await matchesIn()).toBe(FEW_MATCHES + 1);
    expect(await matchesIn('Science')).toBe(COMMON_COUNT / 2);
    expect(await matchesIn('Helper')).toBe(0);
    // A tab's name is not searched text: the 1,025 History personas' tab does not match "istory".
    expect(await matchesIn('History', 'istory')).toBe(0);
  });

  it('gives the page a plain substring scan would give, through whichever index path the engine takes', async () => {
    const personas = await server.testDb.db.kysely
      .selectFrom('users')
      .select(['username', 'name', 'bio', 'tag'])
      .where('isAi', '=', 1)
      .where('isFrozen', '=', 0)
      .execute();
    // What `LIKE '%term%'` over every persona returns, computed here without any index (ASCII terms: the engines
    // fold the case of other letters differently).
    const scan = (filter: { q: string; tag?: string; after?: string }) =>
      personas
        .filter((p) =>
          [p.name, p.username, p.bio].some((text) => text.toLowerCase().includes(filter.q.toLowerCase())),
        )
        .filter((p) => filter.tag === undefined || p.tag === filter.tag)
        .filter((p) => filter.after === undefined || p.username > filter.after)
        .map((p) => p.username)
        .sort()
        .slice(0, 21);
    for (const q of [
      'zyphos',
      '50% o',
      'reps_and',
      '"quotes"',
      's%and',
      'number 59',
      'test 12',
      'bulk fill',
      COMMON_WORD,
    ]) {
      for (const filter of [{ q }, { q, tag: 'Helper' }, { q, tag: 'Science' }, { q, after: 'fill' }]) {
        const { walk, trigram } = directoryQueries(server.testDb.db, { ...filter, limit: 20 });
        const viaIndex = (await (trigram ?? walk).execute()).map((r) => r.username);
        expect(viaIndex, JSON.stringify(filter)).toEqual(scan(filter));
      }
    }
  });
});

// Each directory call's statements, checked by the engine's own planner: an index or the FTS index, never a scan.
describe('directory query plans', () => {
  const shapes = {
    'a tab': { tag: 'Science' },
    All: {},
    'a creator': { createdBy: 'bulkmaker' },
    'a search': { q: 'marmotish' },
    'a tab and a search': { q: 'marmotish', tag: 'Helper' },
    'a tab and a word common elsewhere': { q: COMMON_WORD, tag: 'Helper' },
    'a short search': { q: 'zq' },
    'a deep page': { after: 'fill9' },
  };

  /** The plan of each statement a directory call with this filter may run, as text lines. */
  async function plans(filter: object): Promise<Record<string, string[]>> {
    const { db } = server.testDb;
    const statements = Object.entries(directoryQueries(db, { ...filter, limit: 60 })).flatMap(
      ([kind, statement]) => (statement ? [[kind, statement] as const] : []),
    );
    return db.kysely.connection().execute(async (connection) => {
      // On PostgreSQL a sequential scan is made the last resort: if one is still chosen, no index could serve.
      if (db.engine === 'postgres') await sql`set enable_seqscan = off`.execute(connection);
      const explain = db.engine === 'postgres' ? 'explain ' : 'explain query plan ';
      const result: Record<string, string[]> = {};
      for (const [kind, statement] of statements) {
        const { sql: text, parameters } = statement.compile();
        const { rows } = await connection.executeQuery<Record<string, string>>(
          CompiledQuery.raw(explain + text, [...parameters]),
        );
        result[kind] = rows.map((row) => row.detail ?? row['QUERY PLAN'] ?? '');
      }
      if (db.engine === 'postgres') await sql`reset enable_seqscan`.execute(connection);
      return result;
    });
  }

  it.each(Object.entries(shapes))('%s never scans users', async (_label, filter) => {
    for (const [kind, lines] of Object.entries(await plans(filter))) {
      const plan = lines.join('\n');
      expect(plan, kind).not.toMatch(/SCAN users|Seq Scan/);
      if (kind === 'walk')
        expect(plan, kind).toMatch(/(SEARCH users USING (COVERING )?INDEX|Index Scan|Bitmap Index Scan) /);
      else expect(plan, kind).toMatch(/SCAN persona_search VIRTUAL TABLE INDEX \d+:M/);
    }
  });

  it('finds a search term through the trigram index, on either engine', async () => {
    const { walk, trigram } = await plans(shapes['a search']);
    expect((trigram ?? walk)?.join('\n')).toMatch(
      /persona_search VIRTUAL TABLE|users_(name|username|bio)_trgm_idx/,
    );
    if (trigram)
      expect(trigram.join('\n')).toMatch(/SEARCH users USING INDEX sqlite_autoindex_users_1 \(id=\?\)/);
  });
});
