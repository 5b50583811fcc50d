import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../contracts/errors.js';
import type { SelfUser } from '../../../contracts/users.js';
import { buildUser, type BuiltUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { picturesRepository } from './pictures.repository.js';
import { dataUrl, TINY_PNG as PNG } from '../../test/pictures.js';

let server: TestServer;
let me: BuiltUser;
beforeAll(async () => {
  server = await startTestServer();
  me = await buildUser(server.client());
});
afterAll(() => server.close());

/** The stored picture behind one of our URLs, read from the database. */
const storedPicture = (url: string) =>
  picturesRepository(server.testDb.db.kysely).find(url.slice('/uploads/'.length));

const update = (profilePic: string) =>
  me.client.put<SelfUser>(`/api/users/update/${me.user._id}`, { profilePic });

describe('profile pictures', () => {
  it('stores a PNG under a content-hashed name and serves it with nosniff', async () => {
    const res = await update(dataUrl('image/png', PNG));
    expect(res.status).toBe(200);
    expect(res.body.profilePic).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
    expect((await storedPicture(res.body.profilePic))?.bytes.equals(PNG)).toBe(true);
    // In the database, so no process needs a shared folder: nothing is written under DATA_DIR.
    expect(fs.existsSync(path.join(server.config.dataDir, 'uploads'))).toBe(false);

    const served = await fetch(`${server.baseUrl}${res.body.profilePic}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const etag = served.headers.get('etag');
    expect(etag).toBe(`"${res.body.profilePic.slice('/uploads/'.length).split('.')[0]}"`);
    const revalidated = await fetch(`${server.baseUrl}${res.body.profilePic}`, {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(revalidated.status).toBe(304);

    const profile = await server.client().get('/api/users/me');
    expect(profile.status).toBe(401);
    const kept = await update(res.body.profilePic);
    expect(kept.body.profilePic).toBe(res.body.profilePic);
  });

  it('removes the picture when sent an empty string', async () => {
    await update(dataUrl('image/png', PNG));
    const res = await update('');
    expect(res.status).toBe(200);
    expect(res.body.profilePic).toBe('');
  });

  it.each([
    ['a non-image type', dataUrl('text/plain', Buffer.from('hello')), 400, ERRORS.imageType],
    ['SVG, which can carry script', dataUrl('image/svg+xml', Buffer.from('<svg/>')), 400, ERRORS.imageType],
    ['bytes that are not the declared type', dataUrl('image/jpeg', PNG), 400, ERRORS.imageMismatch],
    [
      'text pretending to be a PNG',
      dataUrl('image/png', Buffer.from('<script>alert(1)</script>')),
      400,
      ERRORS.imageMismatch,
    ],
    ['a URL that is not ours', 'https://evil.example/x.png', 400, 'profilePic must be an image data URL'],
  ])('refuses %s', async (_label, pic, status, message) => {
    const before = await me.client.get<SelfUser>('/api/users/me');
    const res = await update(pic);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: message, code: 'invalid_input' });
    const after = await me.client.get<SelfUser>('/api/users/me');
    expect(after.body.profilePic).toBe(before.body.profilePic);
  });

  it('refuses a picture over 2 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await update(dataUrl('image/png', big));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: ERRORS.imageTooLarge, code: 'too_large' });
  });

  it('serves nothing but stored pictures under /uploads/', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', `${'a'.repeat(64)}.png`, 'simplified.db']) {
      const res = await fetch(`${server.baseUrl}/uploads/${name}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: ERRORS.notFound, code: 'not_found' });
    }
  });

  describe('what is kept', () => {
    /** A distinct valid PNG of about `kib` KiB (the signature is what is checked; the rest is padding). */
    const picture = (seed: number, kib = 1) =>
      dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(kib * 1024, seed % 256)]));
    const kept = async (url: string) => (await storedPicture(url)) !== undefined;

    it('deletes a replaced or removed picture', async () => {
      const someone = await buildUser(server.client());
      const set = (pic: string) =>
        someone.client.put<SelfUser>(`/api/users/update/${someone.user._id}`, { profilePic: pic });
      const first = (await set(picture(1))).body.profilePic;
      const second = (await set(picture(2))).body.profilePic;
      expect(await kept(first)).toBe(false);
      expect(await kept(second)).toBe(true);
      await set('');
      expect(await kept(second)).toBe(false);
    });

    it('keeps a picture another account still shows (equal pictures are stored once)', async () => {
      const [ada, grace] = [await buildUser(server.client()), await buildUser(server.client())];
      const same = picture(3);
      const url = (await ada.client.put<SelfUser>(`/api/users/update/${ada.user._id}`, { profilePic: same }))
        .body.profilePic;
      await grace.client.put(`/api/users/update/${grace.user._id}`, { profilePic: same });
      await ada.client.put(`/api/users/update/${ada.user._id}`, { profilePic: '' });
      expect(await kept(url)).toBe(true);
      await grace.client.put(`/api/users/update/${grace.user._id}`, { profilePic: '' });
      expect(await kept(url)).toBe(false);
    });

    it('refuses uploads past the daily quota with 429 and Retry-After, and keeps the current picture', async () => {
      const busy = await buildUser(server.client());
      const set = (pic: string) =>
        busy.client.put<SelfUser>(`/api/users/update/${busy.user._id}`, { profilePic: pic });
      const perUpload = 1900;
      const fits = Math.floor(
        (server.config.allowances.pictures.bytes ?? 0) / (perUpload * 1024 + PNG.length),
      );
      let last = '';
      for (let i = 0; i < fits; i++) {
        const res = await set(picture(10 + i, perUpload));
        expect(res.status).toBe(200);
        last = res.body.profilePic;
      }
      const over = await set(picture(99, perUpload));
      expect(over.status).toBe(429);
      expect(over.body).toEqual({
        error: `${ERRORS.pictureQuota} Please try again in about 24 hours.`,
        code: 'quota_exceeded',
      });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60);
      expect((await busy.client.get<SelfUser>('/api/users/me')).body.profilePic).toBe(last);
      // Another person's day is their own.
      const other = await buildUser(server.client());
      expect(
        (await other.client.put(`/api/users/update/${other.user._id}`, { profilePic: picture(7) })).status,
      ).toBe(200);
    });
  });
});
