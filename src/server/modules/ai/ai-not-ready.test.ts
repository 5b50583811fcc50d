import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_NOT_READY } from '../../../contracts/ai.js';
import type { Discussion } from '../../../contracts/charioteer.js';
import { buildPersona, buildUser, type BuiltUser } from '../../test/factories.js';
import { TestClient } from '../../test/http-client.js';
import { unreachableUrl } from '../../test/local-model.js';
import { freePort, startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { connectSocket, nextEvent } from '../../test/socket-client.js';

// The default provider on a machine that cannot download the model, as a newcomer without internet runs it:
// the real server process with nothing configured but where to keep data and where the model would come from.
let dataDir: string;
let modelUrl: string;
let wikiUrl: string;
let server: ServerProcess;
let me: BuiltUser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ai-not-ready-'));
  modelUrl = await unreachableUrl('qwen-offline.gguf');
  wikiUrl = `http://127.0.0.1:${await freePort()}/w/api.php`;
  server = await startServerProcess({
    DATA_DIR: dataDir,
    LOCAL_MODEL: modelUrl,
    LOCAL_THREADS: '1',
    WIKI_API_URL: wikiUrl,
    LOG_LEVEL: 'info',
  });
  const client = new TestClient(server.baseUrl);
  const deadline = Date.now() + 15_000;
  while (!server.output().includes('AI replies are off') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  me = await buildUser(client);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** What must never reach a person: the server's folders, the model's address, the settings' names. */
function expectNothingInternal(text: string) {
  expect(text).not.toContain(dataDir);
  expect(text).not.toContain(modelUrl);
  expect(text).not.toContain(wikiUrl);
  expect(text).not.toMatch(/127\.0\.0\.1|:\/\/|\.gguf|\/models\b/);
  expect(text).not.toMatch(
    /\b(LOCAL_MODEL|LOCAL_THREADS|AI_PROVIDER|AI_BASE_URL|AI_API_KEY|AI_MODEL|DATA_DIR)\b/,
  );
}

describe('AI not ready, told to the right people', () => {
  it('gives the operator the whole story in the console: what failed, where the file goes, what to set', () => {
    const console = server.output();
    const modelPath = path.join(dataDir, 'models', 'qwen-offline.gguf');
    expect(console).toContain(`!! AI replies are off: Could not download the AI model from ${modelUrl}`);
    expect(console).toContain(`   - Put the .gguf file at ${modelPath}`);
    expect(console).toMatch(/ {3}- or set LOCAL_MODEL to a \.gguf file/);
    expect(console).toMatch(/ {3}- or set AI_PROVIDER to a hosted provider/);
    expect(console).toContain('Offline, or no internet');
    // The structured log carries the same, for log collectors.
    expect(console).toMatch(/"level":40.*"steps":\[.*Put the \.gguf file at/);
  });

  it('tells visitors nothing', async () => {
    const res = await fetch(`${server.baseUrl}/api/ai/status`);
    expect(res.status).toBe(401);
    const body = await res.text();
    expect(body).not.toMatch(/unavailable|model/i);
    expectNothingInternal(body);
  });

  it('tells people only the state', async () => {
    const res = await me.client.get('/api/ai/status');
    expect(res.body).toEqual({ state: 'unavailable' });
  });

  it('refuses AI calls with a short, friendly sentence', async () => {
    for (const route of ['/api/ai/getAI', '/api/ai/getAI/stream']) {
      const res = await me.client.post(route, { message: 'Hello' });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: AI_NOT_READY.unavailable, code: 'ai_unavailable' });
    }
    const lookup = await me.client.post('/api/ai/web', { phrase: 'lighthouse' });
    expectNothingInternal(JSON.stringify(lookup.body));
  });

  it('says the same in a persona chat and in the Charioteer', async () => {
    const socket = await connectSocket(server.baseUrl, me.client, { userId: me.user._id });
    try {
      const persona = await buildPersona(me.client);
      const failed = nextEvent(socket, 'aiReplyError', 10_000);
      await me.client.post('/api/messages', { message: 'Hello', recipientId: persona._id });
      const { error } = await failed;
      expect(error).toBe(AI_NOT_READY.unavailable);

      const other = await buildPersona(me.client);
      const started = await me.client.post<Discussion>('/api/charioteer/discussions', {
        topic: 'Tea or coffee?',
        personaIds: [persona._id, other._id],
        turns: 2,
      });
      const read = () =>
        me.client.get<{ discussion: Discussion }>(`/api/charioteer/discussions/${started.body._id}`);
      await expect
        .poll(async () => (await read()).body.discussion.error, { timeout: 10_000 })
        .toBe(AI_NOT_READY.unavailable);
      const discussion = await read();
      expectNothingInternal(JSON.stringify(discussion.body));
    } finally {
      socket.close();
    }
  });
});
