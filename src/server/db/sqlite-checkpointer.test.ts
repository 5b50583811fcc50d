import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';

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
  it('the app’s connection never checkpoints, yet the WAL stays well under what is written (24 MB)', async () => {
    const file = tempFile();
    const errors: string[] = [];
    const db = openDatabase({ kind: 'sqlite', file }, undefined, (message) => errors.push(message));
    const k = db.kysely;
    const { rows } = await sql<Record<string, number>>`pragma wal_autocheckpoint`.execute(k);
    expect(Object.values(rows[0] ?? {})).toEqual([0]);

    await sql`create table blobs (id integer primary key, body blob not null)`.execute(k);
    const chunk = Buffer.alloc(256 * 1024, 7);
    let largestWal = 0;
    const inserts = 96;
    for (let i = 0; i < inserts; i += 1) {
      await sql`insert into blobs (body) values (${chunk})`.execute(k);
      largestWal = Math.max(largestWal, walBytes(file));
      await pause(20);
    }
    // Without a checkpointer the WAL would hold every page written (over 24 MB); the worker keeps restarting it.
    // Checkpoints every 100 ms keep it near 2 MB on a quiet machine; the bound leaves room for a worker starved of
    // CPU for a second or more (CI runs test files in parallel on two cores: 12 MB was seen once under 8 MB's bound).
    expect(largestWal).toBeLessThan(16 * 1024 * 1024);
    const copied = new SQLite(file, { readonly: true });
    expect(copied.prepare('select count(*) as n from blobs').get()).toEqual({ n: inserts });
    copied.close();
    await k.destroy();
    expect(errors).toEqual([]);
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
