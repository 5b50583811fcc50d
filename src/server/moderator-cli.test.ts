import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { newRow } from './lib/ids.js';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-moderator-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** `npm run moderator -- …` as the operator runs it, on the SQLite database of DATA_DIR. */
async function moderatorCommand(...args: string[]) {
  const cli = path.join(import.meta.dirname, 'moderator-cli.ts');
  return run(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  }).then(
    ({ stdout }) => ({ code: 0, out: stdout.trim() }),
    (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr.trim() }),
  );
}

describe('npm run moderator', () => {
  it('adds, lists and removes a moderator by username on the app’s database', async () => {
    const db = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'simplified.db') });
    await migrateToLatest(db);
    await db.kysely
      .insertInto('users')
      .values({ ...newRow(), name: 'Mia', username: 'mia', email: 'mia@example.com', passwordHash: 'x' })
      .execute();
    await db.kysely.destroy();

    expect(await moderatorCommand('list')).toEqual({ code: 0, out: 'No moderators yet.' });
    expect(await moderatorCommand('add', 'Mia')).toEqual({ code: 0, out: 'Mia is now a moderator.' });
    expect(await moderatorCommand('list')).toEqual({ code: 0, out: 'mia' });
    expect(await moderatorCommand('add', 'nobody')).toEqual({
      code: 1,
      out: 'No person has the username nobody.',
    });
    expect(await moderatorCommand('remove', 'mia')).toEqual({
      code: 0,
      out: 'mia is no longer a moderator.',
    });
    expect((await moderatorCommand('promote')).code).toBe(2);
    // Six commands, each a Node process compiling the CLI with tsx: seconds apiece beside CI's other stages.
  }, 90_000);
});
