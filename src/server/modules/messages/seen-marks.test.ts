import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../contracts/messages.js';
import { buildUser, type BuiltUser } from '../../test/factories.js';
import { connectSocket } from '../../test/socket-client.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { conversationList } from './conversation-list.query.js';
import { messagesRepository, orderedPair } from './messages.repository.js';
import { seenWalk } from './unseen-from.query.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const send = async (from: BuiltUser, to: BuiltUser, message: string) =>
  (await from.client.post<Message>('/api/messages', { message, recipientId: to.user._id })).body;

const unseenBy = async (conversationId: string, readerId: string) =>
  Number(
    (
      await server.testDb.db.kysely
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('conversationId', '=', conversationId)
        .where('senderId', '!=', readerId)
        .where('seen', '=', 0)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function markSeen(reader: BuiltUser, conversationId: string): Promise<void> {
  const tab = await connectSocket(server.baseUrl, reader.client, { userId: reader.user._id });
  tab.emit('markMessagesAsSeen', { conversationId });
  await expect.poll(() => unseenBy(conversationId, reader.user._id)).toBe(0);
  tab.close();
}

describe('seen marks walk from where the reader’s unseen messages start', () => {
  it('each side’s start is its first unread message, and starts again after a seen mark', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const first = await send(ada, bob, 'one');
    await send(ada, bob, 'two');
    const reply = await send(bob, ada, 'back');
    const row = await messagesRepository(server.testDb.db.kysely, server.testDb.db.engine).findConversation(
      first.conversationId,
    );
    const { userLow } = orderedPair(ada.user._id, bob.user._id);
    const startOf = (id: string) => (id === userLow ? row?.unseenFromLow : row?.unseenFromHigh);
    expect([startOf(bob.user._id), startOf(ada.user._id)]).toEqual([first._id, reply._id]);

    await markSeen(bob, first.conversationId);
    const later = await send(ada, bob, 'three');
    const again = await messagesRepository(server.testDb.db.kysely, server.testDb.db.engine).findConversation(
      first.conversationId,
    );
    expect(bob.user._id === userLow ? again?.unseenFromLow : again?.unseenFromHigh).toBe(later._id);
    await markSeen(bob, first.conversationId);
    const { body } = await bob.client.get<Message[]>(`/api/messages/${ada.user._id}`);
    expect(body.filter((m) => m.sender === ada.user._id).map((m) => m.seen)).toEqual([true, true, true]);
    // Ada's side was not touched: Bob's reply is still unread for her.
    expect(await unseenBy(first.conversationId, ada.user._id)).toBe(1);
  });

  it('reaches a message stored out of id order (another process’s clock running behind)', async () => {
    const ada = await buildUser(server.client());
    const bob = await buildUser(server.client());
    const first = await send(ada, bob, 'from this process');
    const repo = messagesRepository(server.testDb.db.kysely, server.testDb.db.engine);
    const behind = {
      // A valid UUIDv7 far older than any id made now.
      id: '00000000-0001-7000-8000-000000000001',
      conversationId: first.conversationId,
      senderId: ada.user._id,
      text: 'from a process whose clock is behind',
      createdAt: first.createdAt,
    };
    await repo.transaction(async (trx) => {
      await repo.insertMessage(behind, trx);
      await repo.setLatest(behind, trx);
    });
    expect(await unseenBy(first.conversationId, bob.user._id)).toBe(2);
    await markSeen(bob, first.conversationId);
    const list = await bob.client.get<Conversation[]>('/api/messages/conversations');
    expect(list.body[0]?.unreadCount).toBe(0);
  });
});

/** The engine's plan of a statement, as text. */
async function planOf(query: CompiledQuery): Promise<string> {
  const { db } = server.testDb;
  return db.kysely.connection().execute(async (connection) => {
    // On PostgreSQL a sequential scan is made the last resort: if one is still chosen, no index could serve.
    if (db.engine === 'postgres') await sql`set enable_seqscan = off`.execute(connection);
    const explain = db.engine === 'postgres' ? 'explain ' : 'explain query plan ';
    const { rows } = await connection.executeQuery<Record<string, string>>(
      CompiledQuery.raw(explain + query.sql, [...query.parameters]),
    );
    if (db.engine === 'postgres') await sql`reset enable_seqscan`.execute(connection);
    return rows.map((r) => r.detail ?? r['QUERY PLAN'] ?? '').join('\n');
  });
}

describe('query plans of the chat’s writes and list', () => {
  const id = '01900000-0000-7000-8000-000000000000';

  it('a seen mark is a range of the conversation’s (conversation_id, id) index, not a scan', async () => {
    const { kysely } = server.testDb.db;
    const plan = await planOf(seenWalk(kysely, () => id as never).compile());
    expect(plan).not.toMatch(/SCAN messages|Seq Scan/);
    if (server.testDb.db.engine === 'postgres') expect(plan).toMatch(/Index Cond: .*conversation_id.*id >=/s);
    else
      expect(plan).toMatch(
        /SEARCH messages USING INDEX messages_conversation_id_idx \(conversation_id=\? AND id>\?\)/,
      );
  });

  it('the conversation list finds each side of the pair by index', async () => {
    const { kysely, engine } = server.testDb.db;
    const plan = await planOf(conversationList(kysely, engine, () => id as never).compile());
    expect(plan).not.toMatch(/SCAN (c|conversations)\b|Seq Scan on conversations/);
  });
});
