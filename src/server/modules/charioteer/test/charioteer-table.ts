import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Discussion, Turn } from '../../../../contracts/charioteer.js';
import type { ProfileResponse } from '../../../../contracts/users.js';
import { buildPersona, buildUser, type BuiltUser } from '../../../test/factories.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fake-openai.js';
import { connectSocket, type TestSocket } from '../../../test/socket-client.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

/** What the fake provider says unless a test queues something else. */
export const DEFAULT_SAID = 'I think we should look closer.';

/**
 * A real server whose AI is the fake OpenAI-compatible provider (real HTTP and SSE), for the
 * Charioteer's integration tests: call it at the top of a test file, read `fake`/`server` in tests.
 */
export function charioteerTestbed() {
  const bed = { fake: undefined as unknown as FakeOpenAi, server: undefined as unknown as TestServer };
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    bed.fake = await startFakeOpenAi({ text: DEFAULT_SAID });
    bed.server = await startTestServer({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: bed.fake.baseUrl,
      AI_MODEL: 'fake-model',
      AI_TIMEOUT: '5s',
      // A long discussion is more turns a minute than the default rate allows; the table would wait.
      AI_RATE_LIMIT: '600',
    });
  });
  afterEach(() => {
    sockets.splice(0).forEach((s) => s.close());
    bed.fake.setDefault({ text: DEFAULT_SAID });
  });
  afterAll(async () => {
    await bed.server.close();
    await bed.fake.close();
  });

  /** A new user, `seats` personas named "Seat 0", "Seat 1"… made by someone else, and the user's socket. */
  async function table(seats = 3) {
    const me = await buildUser(bed.server.client());
    const maker = await buildUser(bed.server.client());
    const personas: ProfileResponse[] = [];
    for (let i = 0; i < seats; i += 1) personas.push(await buildPersona(maker.client, { name: `Seat ${i}` }));
    const socket = await connectSocket(bed.server.baseUrl, me.client, { userId: me.user._id });
    sockets.push(socket);
    return { me, personas, socket };
  }

  return { bed, table };
}

export const startDiscussion = (
  me: BuiltUser,
  personas: ProfileResponse[],
  turns: number,
  topic = 'Is slow better than fast',
) =>
  me.client.post<Discussion>('/api/charioteer/discussions', {
    topic,
    personaIds: personas.map((p) => p._id),
    turns,
  });

export function statusReaches(socket: TestSocket, status: Discussion['status']): Promise<Discussion> {
  return new Promise((resolve) =>
    socket.on('charioteerStatus', ({ discussion }) => discussion.status === status && resolve(discussion)),
  );
}

export function collectTurns(socket: TestSocket): Turn[] {
  const turns: Turn[] = [];
  socket.on('charioteerTurn', ({ turn }) => turns.push(turn));
  return turns;
}
