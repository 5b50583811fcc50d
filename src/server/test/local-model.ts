import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FIXTURE_MODEL } from '../../../test/fixtures/fixture-paths.js';
import type { AiEngine, AiState } from '../modules/ai/engine.js';

export { FIXTURE_MODEL };

/** The tiny real model's bytes (test/fixtures/models, part of the repository). */
export function fixtureModelBytes(): Buffer {
  return readFileSync(FIXTURE_MODEL);
}

/** An engine log that keeps what it is told. */
export function memoryLog() {
  const lines: string[] = [];
  return {
    lines,
    info: (message: string) => void lines.push(`info: ${message}`),
    warn: (message: string) => void lines.push(`warn: ${message}`),
    actionNeeded: (problem: string, steps: string[]) =>
      void lines.push(`action needed: ${problem} ${steps.join(' | ')}`),
  };
}

/** Waits until the engine reaches `state` (or fails with the status it has). */
export async function waitForState(engine: AiEngine, state: AiState, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (engine.status().state !== state) {
    const status = engine.status();
    if (state !== 'unavailable' && status.state === 'unavailable') {
      throw new Error(`The engine became unavailable: ${status.detail}`);
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${state}: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export interface ModelServerOptions {
  body: Buffer;
  /** The first request sends this many bytes, then the connection is cut. */
  cutFirstAt?: number;
  /** Answer 200 with the whole file even when asked for a range. */
  ignoreRange?: boolean;
  /** Send the body in pieces with a pause between them, so a download can be watched. */
  chunkSize?: number;
  chunkDelayMs?: number;
  /** Answer every request with this status and no file. */
  status?: number;
}

/** A plain HTTP file server on 127.0.0.1 that serves one body at any path, with Range support. */
export async function startModelServer(options: ModelServerOptions) {
  const requests: { range: string | undefined }[] = [];
  const { body } = options;

  /** Writes `bytes` in chunks; with `cutAt`, stops after exactly that many bytes and closes the connection. */
  async function send(res: ServerResponse, bytes: Buffer, cutAt?: number) {
    const size = options.chunkSize ?? 64 * 1024;
    const end = cutAt ?? bytes.length;
    for (let at = 0; at < end; at += size) {
      if (res.destroyed) return;
      // Waiting for each write to reach the socket makes the cut land at a byte count, never at a moment.
      await new Promise<void>((resolve) =>
        res.write(bytes.subarray(at, Math.min(at + size, end)), () => resolve()),
      );
      if (options.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, options.chunkDelayMs));
    }
    if (cutAt === undefined) return void res.end();
    // A FIN after the last byte, as a server dropping a download does: everything written is delivered first.
    res.socket?.end();
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const range = req.headers.range;
    requests.push({ range });
    const first = requests.length === 1;
    if (options.status) {
      res.writeHead(options.status).end('no such file');
      return;
    }
    const match = range && !options.ignoreRange ? /^bytes=(\d+)-$/.exec(range) : null;
    if (match) {
      const start = Number(match[1]);
      if (start >= body.length) {
        res.writeHead(416, { 'Content-Range': `bytes */${body.length}` }).end();
        return;
      }
      res.writeHead(206, {
        'Content-Range': `bytes ${start}-${body.length - 1}/${body.length}`,
        'Content-Length': body.length - start,
        'Accept-Ranges': 'bytes',
      });
      void send(res, body.subarray(start), first ? options.cutFirstAt : undefined);
      return;
    }
    res.writeHead(200, { 'Content-Length': body.length, 'Content-Type': 'application/octet-stream' });
    void send(res, body, first ? options.cutFirstAt : undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    requests,
    url: (name = 'model.gguf') => `http://127.0.0.1:${port}/files/${name}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An address on 127.0.0.1 where nothing listens. */
export async function unreachableUrl(name = 'model.gguf'): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/files/${name}`;
}
