import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { groupCommit } from './group-commit.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-checkpoint-'));
  dirs.push(dir);
  return path.join(dir, 'db.sqlite');
}

const walBytes = (file: string) => (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SQLite checkpoints run off the event loop', () => {
  it('the app’s connection never checkpoints, yet the worker’s checkpoints let the WAL start over', async () => {
    const file = tempFile();
    const errors: string[] = [];
    const db = openDatabase({ kind: 'sqlite', file }, undefined, (message) => errors.push(message));
    const k = db.kysely;
    const { rows } = await sql<Record<string, number>>`pragma wal_autocheckpoint`.execute(k);
    expect(Object.values(rows[0] ?? {})).toEqual([0]);

    await sql`create table blobs (id integer primary key, body blob not null)`.execute(k);
    const chunk = Buffer.alloc(256 * 1024, 7);
    const insert = () => sql`insert into blobs (body) values (${chunk})`.execute(k);
    let inserts = 0;
    for (; inserts < 32; inserts += 1) {
      await insert();
      await pause(20);
    }
    // Once the worker has copied the WAL back, the next write starts it over from its beginning, so the file
    // stops growing. Without a checkpointer every 256 KB row makes it longer, for as long as writes go on. How
    // soon that happens depends on how much CPU and disk the worker gets (CI runs test files in parallel on two
    // cores), so the test waits for it rather than bounding the size at a moment.
    const deadline = Date.now() + 15_000;
    let startedOver = false;
    while (!startedOver && Date.now() < deadline) {
      const before = walBytes(file);
      await insert();
      inserts += 1;
      startedOver = walBytes(file) <= before;
      await pause(50);
    }
    expect(startedOver).toBe(true);
    const copied = new SQLite(file, { readonly: true });
    expect(copied.prepare('select count(*) as n from blobs').get()).toEqual({ n: inserts });
    copied.close();
    await k.destroy();
    expect(errors).toEqual([]);
  });

  it('starts the WAL over while writes never stop, by pausing the group commit for the last copy', async () => {
    const file = tempFile();
    const restartFrames = 256;
    const db = openDatabase({ kind: 'sqlite', file }, undefined, undefined, restartFrames);
    const k = db.kysely;
    try {
      await sql`create table notes (id integer primary key, body text not null)`.execute(k);
      const writes = groupCommit(k, db.writerPause);
      const body = 'x'.repeat(2000);
      // 32 writers that send again as soon as their write is committed, the way a saturated chat does: with a
      // commit always close behind, each PASSIVE checkpoint ended a few frames short and the WAL never started
      // over. A slow machine slows the writers and the worker alike, so the test waits for it, up to a deadline.
      let written = 0;
      let largest = 0;
      let shrank = false;
      const deadline = Date.now() + 15_000;
      const writer = async () => {
        // Also bounded in bytes: without the pause the WAL grows by megabytes a second.
        while (!shrank && Date.now() < deadline && largest < 128 * 1024 * 1024) {
          await writes.run((trx) => sql`insert into notes (body) values (${body})`.execute(trx));
          written += 1;
          const size = walBytes(file);
          shrank ||= size < largest;
          largest = Math.max(largest, size);
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      await Promise.all(Array.from({ length: 32 }, writer));
      expect(shrank, `WAL grew to ${largest} bytes over ${written} writes`).toBe(true);
      const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(k);
      expect(rows[0]?.n).toBe(written);
    } finally {
      await k.destroy();
      await db.closed?.();
    }
  });

  it('lets go of the file once closed, so the folder can be deleted at once', async () => {
    const file = tempFile();
    const db = openDatabase({ kind: 'sqlite', file });
    await sql`create table t (id integer primary key)`.execute(db.kysely);
    await pause(150);
    await db.kysely.destroy();
    await db.closed?.();
    // Worker threads share the process's descriptors: none may still point into the folder.
    const open = fs
      .readdirSync('/proc/self/fd')
      .map((fd) => {
        try {
          return fs.readlinkSync(path.join('/proc/self/fd', fd));
        } catch {
          return '';
        }
      })
      .filter((target) => target.startsWith(path.dirname(file)));
    expect(open).toEqual([]);
  });
});
