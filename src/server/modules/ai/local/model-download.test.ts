import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProgressBar } from './download-progress.js';
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

describe('createProgressBar', () => {
  it('prints a line every 10 % when the output is not a terminal', () => {
    const lines: string[] = [];
    const bar = createProgressBar('Downloading m.gguf', { isTTY: false, write: () => {} }, (line) =>
      lines.push(line),
    );
    for (let bytes = 0; bytes <= 1_000_000; bytes += 12_345) bar.update(bytes / 1_000_000, bytes, 1_000_000);
    bar.update(1, 1_000_000, 1_000_000);
    bar.done();

    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('Downloading m.gguf: 0 % (0 B of 1.0 MB)');
    expect(lines[5]).toMatch(/^Downloading m\.gguf: 50 % \(/);
    expect(lines[10]).toBe('Downloading m.gguf: 100 % (1.0 MB of 1.0 MB)');
  });

  it('redraws one line on a terminal and ends it when done', () => {
    let written = '';
    const bar = createProgressBar('Downloading m.gguf', {
      isTTY: true,
      write: (text: string) => (written += text),
    });
    bar.update(0, 0, 100);
    bar.update(0.5, 50, 100); // within 200 ms of the last draw: skipped
    bar.update(1, 100, 100);
    bar.done();

    expect(written.split('\r').filter(Boolean)).toHaveLength(2);
    expect(written).toContain('[########################] 100 %');
    expect(written.endsWith('\n')).toBe(true);
    expect(written.slice(0, -1)).not.toContain('\n');
  });
});
