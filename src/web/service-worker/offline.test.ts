import { describe, expect, it, vi } from 'vitest';
import { isAppPage, pageOrShell } from './offline.js';

const ORIGIN = 'https://simplified.test';
const at = (path: string) => new URL(path, ORIGIN);

describe('offline navigation', () => {
  it.each(['/', '/chat', '/chat/:ada', '/chat/room/r1', '/auth?mode=signup'])(
    'answers the app page %s with the shell when offline',
    (path) => expect(isAppPage(at(path), ORIGIN)).toBe(true),
  );

  it.each([
    '/api/openapi.json',
    '/api/users/me',
    '/uploads/abc',
    '/socket.io/?EIO=4',
    '/sw.js',
    '/icons/icon-192.png',
  ])('leaves %s to the server (API calls, uploads and files are never the shell)', (path) =>
    expect(isAppPage(at(path), ORIGIN)).toBe(false),
  );

  it('leaves other sites alone', () => {
    expect(isAppPage(new URL('https://elsewhere.test/chat'), ORIGIN)).toBe(false);
  });

  it("answers with the server's page while it can be reached", async () => {
    const fromServer = new Response('server page');
    const shell = vi.fn(async () => new Response('cached shell'));
    const answer = await pageOrShell(new Request(`${ORIGIN}/chat`), async () => fromServer, shell);
    expect(answer).toBe(fromServer);
    expect(shell).not.toHaveBeenCalled();
  });

  it('answers with the cached shell when the server cannot be reached', async () => {
    const answer = await pageOrShell(
      new Request(`${ORIGIN}/chat`),
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => new Response('cached shell'),
    );
    expect(await answer.text()).toBe('cached shell');
  });

  it("passes an error page of the server's on as it is (only a missing answer is offline)", async () => {
    const busy = new Response('busy', { status: 503 });
    expect(
      await pageOrShell(
        new Request(`${ORIGIN}/chat`),
        async () => busy,
        async () => undefined,
      ),
    ).toBe(busy);
  });

  it('fails as the network did when nothing is cached yet', async () => {
    const failure = new TypeError('Failed to fetch');
    await expect(
      pageOrShell(
        new Request(`${ORIGIN}/chat`),
        () => Promise.reject(failure),
        async () => undefined,
      ),
    ).rejects.toBe(failure);
  });
});
