import { afterAll, afterEach, beforeAll } from 'vitest';
import type { BuiltUser } from './factories.js';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai.js';
import { connectSocket, type TestSocket } from './socket-client.js';
import { startTestServer, type TestServer } from './test-server.js';

export interface FakeAiApp {
  fake: FakeOpenAi;
  server: TestServer;
  /** Opens a socket (a browser tab) for `user`; it is closed after the test. */
  tab: (user: BuiltUser) => Promise<TestSocket>;
}

/**
 * The app talking to the fake OpenAI-compatible provider, for a whole test file: started before its tests,
 * each test's sockets closed after it, everything stopped at the end.
 */
export function fakeAiApp(
  options: { env?: Record<string, string>; fake?: Parameters<typeof startFakeOpenAi> } = {},
): FakeAiApp {
  const sockets: TestSocket[] = [];
  const app = {
    tab: async (user: BuiltUser) => {
      const socket = await connectSocket(app.server.baseUrl, user.client, { userId: user.user._id });
      sockets.push(socket);
      return socket;
    },
  } as FakeAiApp;
  beforeAll(async () => {
    app.fake = await startFakeOpenAi(...(options.fake ?? []));
    app.server = await startTestServer({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: app.fake.baseUrl,
      AI_MODEL: 'fake-model',
      ...options.env,
    });
  });
  afterEach(() => sockets.splice(0).forEach((socket) => socket.close()));
  afterAll(async () => {
    await app.server.close();
    await app.fake.close();
  });
  return app;
}
