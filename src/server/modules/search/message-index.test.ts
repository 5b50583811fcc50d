import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { newId, nowIso } from '../../lib/ids.js';
import { orderedPair } from '../messages/messages.repository.js';
import type { UserRow } from '../../db/schema.js';
import { insertRawConversation } from '../../test/raw-conversation.js';
import { indexWaitingMessages, messageIndex } from './message-index.js';
import { searchRepository } from './search.repository.js';
import { searchService } from './search.service.js';

// SQLite's batches only (PostgreSQL keeps a generated column in the writing transaction), so always a SQLite file.
let dir: string;
let db: Db;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-message-index-'));
  db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.db') });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.kysely.destroy();
  await db.closed?.();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function conversation(): Promise<{ id: string; people: [string, string] }> {
  const people = [newId(), newId()] as [string, string];
  const { userLow, userHigh } = orderedPair(...people);
  const id = newId();
  await insertRawConversation(db.kysely, { id, low: userLow, high: userHigh, at: nowIso() });
  return { id, people };
}

async function write(conversationId: string, senderId: string, texts: string[]): Promise<string[]> {
  const rows = texts.map((text) => ({ id: newId(), conversationId, senderId, text, createdAt: nowIso() }));
  await db.kysely.insertInto('messages').values(rows).execute();
  return rows.map((row) => row.id);
}

const waiting = async () =>
  (await sql<{ n: number }>`select count(*) as n from search_pending`.execute(db.kysely)).rows[0]?.n;

/** The messages `reader` finds holding `word`, as search.repository asks FTS5. */
async function found(reader: string, word: string): Promise<string[]> {
  const query = `owners : "o${reader.replaceAll('-', '')}" AND body : "${word}"`;
  const { rows } = await sql<{ ref: string }>`
    select r.ref from search_text join search_rows r on r.search_rowid = search_text.rowid
    where search_text match ${query} order by r.ref`.execute(db.kysely);
  return rows.map((row) => row.ref);
}

describe('the message index (SQLite)', () => {
  it('queues a message in its writing transaction and indexes it for both participants, and only them', async () => {
    const { id, people } = await conversation();
    const other = await conversation();
    const [message] = await write(id, people[0], ['the quayside lantern']);
    expect(await waiting()).toBe(1);
    expect(await found(people[1], 'quayside')).toEqual([]);

    await indexWaitingMessages(db.kysely);
    expect(await waiting()).toBe(0);
    expect(await found(people[0], 'quayside')).toEqual([message]);
    expect(await found(people[1], 'quayside')).toEqual([message]);
    expect(await found(other.people[0], 'quayside')).toEqual([]);
  });

  it('indexes more than one batch in a catch-up, so a search after it misses nothing', async () => {
    const { id, people } = await conversation();
    const texts = Array.from({ length: 2_345 }, (_, i) => `harbourmaster note ${i}`);
    const ids = await write(id, people[1], texts);
    const index = messageIndex(db.kysely, pino({ level: 'silent' }), 60_000);
    try {
      await index.catchUp();
    } finally {
      await index.close();
    }
    expect(await waiting()).toBe(0);
    expect(await found(people[0], 'harbourmaster')).toEqual([...ids].sort());
  });

  it('a search first indexes what waits: a message is found the moment its send is acknowledged', async () => {
    const { id, people } = await conversation();
    // A batch that would come only in a minute: what the search finds, its own catch-up indexed.
    const index = messageIndex(db.kysely, pino({ level: 'silent' }), 60_000);
    try {
      const [message] = await write(id, people[0], ['meet at the slipway']);
      const reader = { id: people[1] } as UserRow;
      const results = await searchService(searchRepository(db), index).search(reader, {
        q: 'slipway',
        limit: 10,
      });
      expect(results.map((r) => r._id)).toEqual([message]);
    } finally {
      await index.close();
    }
  });

  it('indexes what waits without a search, a moment after it was written', async () => {
    const { id, people } = await conversation();
    const index = messageIndex(db.kysely, pino({ level: 'silent' }), 20);
    try {
      const [message] = await write(id, people[0], ['a lighthouse keeper']);
      await expect.poll(() => found(people[1], 'lighthouse'), { timeout: 5_000 }).toEqual([message]);
      expect(await waiting()).toBe(0);
    } finally {
      await index.close();
    }
  });

  it('a message deleted before or after its batch leaves nothing behind', async () => {
    const { id, people } = await conversation();
    const [early] = await write(id, people[0], ['gone before the breakwater']);
    await db.kysely
      .deleteFrom('messages')
      .where('id', '=', early as string)
      .execute();
    expect(await waiting()).toBe(0);

    const [late] = await write(id, people[0], ['gone after the breakwater']);
    await indexWaitingMessages(db.kysely);
    expect(await found(people[0], 'breakwater')).toEqual([late]);
    await db.kysely
      .deleteFrom('messages')
      .where('id', '=', late as string)
      .execute();
    expect(await found(people[0], 'breakwater')).toEqual([]);
    const rows = await sql`select 1 from search_rows where ref in (${early}, ${late})`.execute(db.kysely);
    expect(rows.rows).toEqual([]);
  });
});
