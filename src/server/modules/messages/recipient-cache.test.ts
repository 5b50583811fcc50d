import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../contracts/messages.js';
import { buildPersona, buildUser, setOpeningMessage } from '../../test/factories.js';
import { freezeFromOutside } from '../../test/operator.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { MESSAGE_ERRORS } from './messages.service.js';

// A send reads its recipient's row from memory after the first (performance/rows-cache.ts); these are the changes
// that must still reach the next send at once.
describe('a recipient’s row, kept between sends', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('is read again after an operator froze the account from outside the app', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const send = () =>
      ada.client.post<Message>('/api/messages', { message: 'hi', recipientId: bob.user._id });
    expect((await send()).status).toBe(201);
    await freezeFromOutside(server.testDb, bob.user._id);
    const refused = await send();
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: MESSAGE_ERRORS.recipientNotFound });
  });

  it('is read again after the creator changed the persona’s opening message', async () => {
    const creator = await buildUser(server.client());
    const persona = await buildPersona(creator.client);
    const first = await buildUser(server.client());
    expect(
      (await first.client.post('/api/messages', { message: 'hello', recipientId: persona._id })).status,
    ).toBe(201);

    const opening = 'The lamp is lit. Come in out of the rain.';
    await setOpeningMessage(creator.client, persona, opening);

    const next = await buildUser(server.client());
    expect(
      (await next.client.post('/api/messages', { message: 'hello', recipientId: persona._id })).status,
    ).toBe(201);
    const page = await next.client.get<Message[]>(`/api/messages/${persona._id}`);
    expect(page.body.map((m) => m.text)).toContain(opening);
  });
});
