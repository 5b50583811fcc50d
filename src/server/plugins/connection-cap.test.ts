import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';

let server: ServerProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-connection-cap-'));
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Opens `count` connections that each start a request and never finish it; counts those the server closes. */
async function flood(
  baseUrl: string,
  count: number,
): Promise<{ sockets: net.Socket[]; closedByServer: () => number }> {
  const { port } = new URL(baseUrl);
  let closed = 0;
  const sockets = Array.from({ length: count }, () => {
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.on('close', () => (closed += 1));
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    return socket;
  });
  await new Promise((resolve) => setTimeout(resolve, 2500));
  return { sockets, closedByServer: () => closed };
}

describe('a flood of connections', () => {
  // It starts a server process itself, which takes seconds on a machine busy with CI's other stages.
  it('cannot use up the process’s file descriptors: past the cap new connections are closed, and the server lives on', async () => {
    // With 256 open files the cap is 192 connections (open-files-limit.ts).
    server = await startServerProcess({ DATA_DIR: dataDir, AI_PROVIDER: 'off' }, undefined, [], 256);
    const { sockets, closedByServer } = await flood(server.baseUrl, 400);
    // Over a second went by, so the overload sampler has read the process's memory use since (it used to die
    // there with EMFILE).
    expect(closedByServer()).toBeGreaterThanOrEqual(400 - 192);
    sockets.forEach((socket) => socket.destroy());
    await expect.poll(async () => (await fetch(`${server?.baseUrl}/api/health`)).status).toBe(200);
    expect(server.output()).not.toMatch(/EMFILE/);
  }, 60_000);
});
