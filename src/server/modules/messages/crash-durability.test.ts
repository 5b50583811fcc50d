import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newClientMessageId, type Message } from '../../../contracts/messages.js';
import type { SendMessageAck } from '../../../contracts/realtime.js';
import { buildUser, type BuiltUser } from '../../test/factories.js';
import { TestClient } from '../../test/http-client.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { connectSocket, pause } from '../../test/socket-client.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simplified-crash-'));
const env = {
  DATA_DIR: dataDir,
  AI_PROVIDER: 'off',
  MESSAGE_RATE_LIMIT: '100000',
  SOCKET_EVENT_RATE_LIMIT: '100000',
};
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  servers.push(server);
  return server;
}

async function signIn(server: ServerProcess, user: BuiltUser): Promise<BuiltUser> {
  const client = new TestClient(server.baseUrl);
  await client.post('/api/users/login', { username: user.user.username, password: user.password });
  return { ...user, client };
}

interface Attempt {
  text: string;
  clientMessageId: string;
  ack?: SendMessageAck;
}

describe('a server killed with kill -9 in the middle of sends', () => {
  // Two server processes start within the test; on a machine busy with CI's other stages each takes seconds.
  it('loses no acknowledged message, and retries of the unanswered ones store each exactly once', async () => {
    const first = await start();
    const ada = await buildUser(new TestClient(first.baseUrl));
    const bob = await buildUser(new TestClient(first.baseUrl));
    const socket = await connectSocket(first.baseUrl, ada.client, { userId: ada.user._id });

    // Eight closed loops of sends, as eight busy tabs would make, until the process dies under them.
    const attempts: Attempt[] = [];
    let alive = true;
    socket.on('disconnect', () => (alive = false));
    const loops = Array.from({ length: 8 }, async (_, loop) => {
      for (let i = 0; alive; i += 1) {
        const attempt: Attempt = { text: `loop ${loop} message ${i}`, clientMessageId: newClientMessageId() };
        attempts.push(attempt);
        const request = {
          message: attempt.text,
          recipientId: bob.user._id,
          clientMessageId: attempt.clientMessageId,
        };
        attempt.ack = await socket
          .timeout(5_000)
          .emitWithAck('sendMessage', request)
          .catch(() => undefined);
      }
    });
    await pause(500);
    process.kill(first.pid, 'SIGKILL');
    await Promise.all(loops);
    socket.close();
    await first.stop();

    const acked = attempts.flatMap((a) => (a.ack && 'message' in a.ack ? [a.ack.message] : []));
    const unanswered = attempts.filter((a) => !a.ack);
    expect(acked.length).toBeGreaterThan(20);
    expect(unanswered.length).toBeGreaterThan(0);

    const second = await start();
    const adaAgain = await signIn(second, ada);
    // Every stored message of the conversation, page by page.
    const read = async () => {
      const all: Message[] = [];
      for (let before = ''; ;) {
        const query = `limit=200${before ? `&before=${before}` : ''}`;
        const page = (await adaAgain.client.get<Message[]>(`/api/messages/${bob.user._id}?${query}`)).body;
        if (page.length === 0) return all;
        all.unshift(...page);
        before = page[0]?._id ?? '';
      }
    };
    const afterCrash = await read();
    const kept = new Set(afterCrash.map((m) => m._id));
    expect(acked.filter((m) => !kept.has(m._id))).toEqual([]);

    // The tab sends every unanswered message again under its id, as the web app does after a lost answer.
    for (const attempt of unanswered) {
      const retry = await adaAgain.client.post<Message>('/api/messages', {
        message: attempt.text,
        recipientId: bob.user._id,
        clientMessageId: attempt.clientMessageId,
      });
      expect(retry.status).toBe(201);
    }
    const texts = (await read()).map((m) => m.text);
    expect(texts.length).toBe(new Set(texts).size);
    expect(texts.sort()).toEqual(attempts.map((a) => a.text).sort());
  }, 60_000);
});
