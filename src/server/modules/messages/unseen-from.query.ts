import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Param } from '../../performance/compiled-query.js';
import type { Database } from '../../db/schema.js';

// Where each side's unseen messages start (migration 012): kept by every message, walked by every seen mark.

/**
 * A side's `unseen_from` after a message from `sender` with id `messageId`: unchanged when the side sent it,
 * otherwise the smaller of the two, or the message's own id when nothing was unread (a stale value is dropped).
 * The minimum, not the latest, so a message stored out of id order (another process's clock) is still found.
 */
export const unseenFromAfter = (
  side: 'Low' | 'High',
  conversation: string,
  sender: RawBuilder<unknown>,
  messageId: RawBuilder<unknown>,
) => {
  const current = sql.ref(`${conversation}unseenFrom${side}`);
  return sql<string>`case
    when ${sender} = ${sql.ref(`${conversation}user${side}`)} then ${current}
    when ${sql.ref(`${conversation}unread${side}`)} = 0 or ${messageId} < ${current} then ${messageId}
    else ${current} end`;
};

/**
 * Marks seen what the other side sent, walking the conversation's (conversation_id, id) index from the reader's
 * unseen_from rather than the whole conversation.
 */
export function seenWalk(db: Kysely<Database>, p: Param<'conversationId' | 'readerId'>) {
  return db
    .updateTable('messages')
    .set({ seen: 1 })
    .where('conversationId', '=', p('conversationId'))
    .where('id', '>=', (eb) =>
      eb
        .selectFrom('conversations')
        .select(
          sql<string>`case when user_low = ${p('readerId')} then unseen_from_low else unseen_from_high end`.as(
            'unseenFrom',
          ),
        )
        .where('id', '=', p('conversationId')),
    )
    .where('senderId', '!=', p('readerId'))
    .where('seen', '=', 0);
}
