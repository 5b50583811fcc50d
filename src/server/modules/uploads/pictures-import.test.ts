import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { picturesRepository } from './pictures.repository.js';

// The eight-byte PNG signature and an IHDR start: what the picture check looks at.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const nameOf = (bytes: Buffer, extension: string) =>
  `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;

let first: TestServer;
let dir: string;
const picture = Buffer.concat([PNG, Buffer.from('a picture kept on disk by an earlier version')]);
const liar = Buffer.concat([PNG, Buffer.from('bytes that do not match their name')]);

beforeAll(async () => {
  first = await startTestServer();
  // What an earlier version left under DATA_DIR/uploads: a picture, a file whose name lies, something else.
  dir = path.join(first.config.dataDir, 'uploads');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, nameOf(picture, 'png')), picture);
  fs.writeFileSync(path.join(dir, nameOf(Buffer.from('other'), 'png')), liar);
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a picture');
});
afterAll(() => first.close());

describe('pictures kept as files by an earlier version', () => {
  it('are copied into the database at start, served at their old URL, and their files removed', async () => {
    // A restart of the app over the same data folder and database.
    await first.app.close();
    const { buildApp } = await import('../../app.js');
    const again = await buildApp(first.config, { db: first.testDb.db });
    try {
      await again.ready();
      const stored = await picturesRepository(first.testDb.db.kysely).find(nameOf(picture, 'png'));
      expect(stored?.contentType).toBe('image/png');
      expect(stored?.bytes.equals(picture)).toBe(true);
      expect(fs.existsSync(path.join(dir, nameOf(picture, 'png')))).toBe(false);

      const served = await again.inject({ method: 'GET', url: `/uploads/${nameOf(picture, 'png')}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(picture)).toBe(true);

      // What is not the picture its name says stays where it is, unserved.
      expect(fs.existsSync(path.join(dir, nameOf(Buffer.from('other'), 'png')))).toBe(true);
      expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(true);
      const lie = await again.inject({
        method: 'GET',
        url: `/uploads/${nameOf(Buffer.from('other'), 'png')}`,
      });
      expect(lie.statusCode).toBe(404);
    } finally {
      await again.close();
    }
  });
});
