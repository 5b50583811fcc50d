import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../contracts/errors.js';
import type { SelfUser } from '../../../contracts/users.js';
import { buildUser, type BuiltUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

let server: TestServer;
let me: BuiltUser;
beforeAll(async () => {
  server = await startTestServer();
  me = await buildUser(server.client());
});
afterAll(() => server.close());

const update = (profilePic: string) =>
  me.client.put<SelfUser>(`/api/users/update/${me.user._id}`, { profilePic });

describe('profile pictures', () => {
  it('stores a PNG under a content-hashed name and serves it with nosniff', async () => {
    const res = await update(dataUrl('image/png', PNG));
    expect(res.status).toBe(200);
    expect(res.body.profilePic).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
    const file = path.join(server.config.dataDir, res.body.profilePic);
    expect(fs.readFileSync(file).equals(PNG)).toBe(true);

    const served = await fetch(`${server.baseUrl}${res.body.profilePic}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

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
    expect(res.body).toEqual({ error: message });
    const after = await me.client.get<SelfUser>('/api/users/me');
    expect(after.body.profilePic).toBe(before.body.profilePic);
  });

  it('refuses a picture over 2 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await update(dataUrl('image/png', big));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: ERRORS.imageTooLarge });
  });

  it('does not serve files outside the uploads folder', async () => {
    const res = await fetch(`${server.baseUrl}/uploads/..%2F..%2Fetc%2Fpasswd`);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('root:');
  });
});
