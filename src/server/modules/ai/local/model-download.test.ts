import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downloadModel, ModelDownloadError, partFilePath } from './model-download.js';
import { fixtureModelBytes, startModelServer, unreachableUrl } from '../../../test/local-model.js';

const fixture = fixtureModelBytes();
let dir: string;
let destination: string;
const servers: { close(): Promise<void> }[] = [];

async function serve(options: Omit<Parameters<typeof startModelServer>[0], 'body'> & { body?: Buffer } = {}) {
  const server = await startModelServer({ body: fixture, ...options });
  servers.push(server);
  return server;
}

/** A fetch that notes the size of the .part file each time a request starts. */
function partSizeAtEachRequest() {
  const partSizes: number[] = [];
  return {
    partSizes,
    fetch: ((url, init) => {
      const part = partFilePath(destination);
      partSizes.push(existsSync(part) ? statSync(part).size : 0);
      return fetch(url, init);
    }) satisfies typeof fetch,
  };
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'model-download-'));
  destination = path.join(dir, 'models', 'model.gguf');
  await mkdir(path.dirname(destination));
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('downloadModel', () => {
  it('downloads into place, reporting progress from 0 to 1, and leaves no .part file', async () => {
    const server = await serve();
    const fractions: number[] = [];
    await downloadModel({
      url: server.url(),
      destination,
      onProgress: (fraction) => fractions.push(fraction),
    });

    expect(readFileSync(destination).equals(fixture)).toBe(true);
    expect(existsSync(partFilePath(destination))).toBe(false);
    expect(fractions[0]).toBe(0);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.length).toBeGreaterThan(3);
    expect(fractions.every((fraction, i) => fraction >= (fractions[i - 1] ?? 0) && fraction <= 1)).toBe(true);
  });

  it('resumes with a Range request at exactly the bytes it kept after the connection is cut midway', async () => {
    const cut = 600_000;
    const server = await serve({ cutFirstAt: cut });
    const requests = partSizeAtEachRequest();
    const logged: string[] = [];
    await downloadModel({
      url: server.url(),
      destination,
      retryDelayMs: 10,
      log: (line) => logged.push(line),
      fetch: requests.fetch,
    });

    // fetch may drop the last chunk it buffered when the connection ends early, so "what was kept" is read
    // from the disk rather than assumed to be the cut.
    const kept = requests.partSizes[1] ?? 0;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(cut);
    expect(server.requests).toEqual([{ range: undefined }, { range: `bytes=${kept}-` }]);
    expect(readFileSync(destination).equals(fixture)).toBe(true);
    expect(logged.join('\n')).toMatch(/interrupted/);
  });

  it('keeps the .part file when it gives up, and the next download continues from it', async () => {
    const cut = 400_000;
    const server = await serve({ cutFirstAt: cut });
    const failed = downloadModel({ url: server.url(), destination, maxAttempts: 1 });
    await expect(failed).rejects.toMatchObject({ failure: 'interrupted' });
    const kept = readFileSync(partFilePath(destination)).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(cut);

    await downloadModel({ url: server.url(), destination });
    expect(server.requests.at(-1)).toEqual({ range: `bytes=${kept}-` });
    expect(readFileSync(destination).equals(fixture)).toBe(true);
  });

  it('starts over when the server ignores Range', async () => {
    const server = await serve({ ignoreRange: true });
    writeFileSync(partFilePath(destination), Buffer.from('not the start of the real file'));

    await downloadModel({ url: server.url(), destination });
    expect(server.requests).toEqual([{ range: 'bytes=30-' }]);
    expect(readFileSync(destination).equals(fixture)).toBe(true);
  });

  it('finishes when the .part file already holds everything (416)', async () => {
    const server = await serve();
    writeFileSync(partFilePath(destination), fixture);

    await downloadModel({ url: server.url(), destination });
    expect(server.requests).toEqual([{ range: `bytes=${fixture.length}-` }]);
    expect(readFileSync(destination).equals(fixture)).toBe(true);
  });

  it('deletes a download that is not a GGUF file and says so', async () => {
    const server = await serve({ body: Buffer.from('<html>Sign in to download this model</html>') });
    const failed = downloadModel({ url: server.url(), destination });

    await expect(failed).rejects.toBeInstanceOf(ModelDownloadError);
    await expect(failed).rejects.toMatchObject({
      failure: 'not-gguf',
      message: expect.stringMatching(/GGUF/),
    });
    expect(existsSync(destination)).toBe(false);
    expect(existsSync(partFilePath(destination))).toBe(false);
  });

  it('fails at once, without retrying, when nothing answers', async () => {
    const started = Date.now();
    const failed = downloadModel({ url: await unreachableUrl(), destination, retryDelayMs: 5_000 });
    await expect(failed).rejects.toMatchObject({
      failure: 'unreachable',
      reason: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports an HTTP error status without retrying', async () => {
    const server = await serve({ status: 404 });
    const failed = downloadModel({ url: server.url(), destination });
    await expect(failed).rejects.toMatchObject({
      failure: 'http',
      reason: 'the server answered 404 Not Found',
    });
    expect(server.requests).toHaveLength(1);
  });
});
