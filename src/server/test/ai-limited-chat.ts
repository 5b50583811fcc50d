import type { ProfileResponse } from '../../contracts/users.js';
import { buildPersona, buildUser, type BuiltUser } from './factories.js';
import { connectSocket, type TestSocket } from './socket-client.js';
import { startTestServer } from './test-server.js';

/** A person, a persona and the person's socket on a server allowed one AI call a minute per person. */
export interface AiLimitedChat {
  me: BuiltUser;
  persona: ProfileResponse;
  live: TestSocket;
}

/**
 * Runs `scenario` against its own server whose AI (the fake provider at `aiBaseUrl`) allows each person one
 * call a minute, then closes the socket and the server whatever happened.
 */
export async function withAiLimitedChat(
  aiBaseUrl: string,
  scenario: (chat: AiLimitedChat) => Promise<void>,
): Promise<void> {
  const limited = await startTestServer({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: aiBaseUrl,
    AI_MODEL: 'fake-model',
    AI_RATE_LIMIT: '1',
  });
  let live: TestSocket | undefined;
  try {
    const me = await buildUser(limited.client());
    const maker = await buildUser(limited.client());
    const persona = await buildPersona(maker.client);
    live = await connectSocket(limited.baseUrl, me.client, { userId: me.user._id });
    await scenario({ me, persona, live });
  } finally {
    live?.close();
    await limited.close();
  }
}
