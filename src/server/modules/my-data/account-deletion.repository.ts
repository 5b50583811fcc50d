import type { Kysely, Transaction } from 'kysely';
import type { Database, UserPatch } from '../../db/schema.js';
import { hasPerson, otherPerson } from '../../db/conversation-sides.js';

/** Messages deleted in one statement: short enough a pause for everyone else's chat. */
export const PURGE_BATCH = 1_000;

/** What is left of a deleted account's row: no name, picture, words, password or role, frozen for every path. */
const EMPTIED: UserPatch = {
  name: '',
  bio: '',
  profilePic: '',
  prompt: '',
  memory: '',
  openingMessage: '',
  tag: '',
  createdByUsername: '',
  passwordHash: '',
  voiceName: '',
  isModerator: 0,
  showMature: 0,
  isFrozen: 1,
  frozenBy: 'deleted',
  frozenReason: '',
  suspendedUntil: '',
};

/** The members leave their rooms (kept as having left); the person's own rooms pass to whoever was there longest. */
async function leaveRooms(
  trx: Transaction<Database>,
  personId: string,
  memberIds: string[],
  at: string,
): Promise<string[]> {
  const memberships = await trx
    .selectFrom('roomMembers')
    .select('roomId')
    .where('memberId', 'in', memberIds)
    .where('leftAt', '=', '')
    .execute();
  await trx
    .updateTable('roomMembers')
    .set({ leftAt: at })
    .where('memberId', 'in', memberIds)
    .where('leftAt', '=', '')
    .execute();
  const owned = await trx.selectFrom('rooms').select('id').where('ownerId', '=', personId).execute();
  for (const { id } of owned) {
    const heir = await trx
      .selectFrom('roomMembers')
      .select('memberId')
      .where('roomId', '=', id)
      .where('isAi', '=', 0)
      .where('leftAt', '=', '')
      .orderBy('joinedAt')
      .orderBy('memberId')
      .limit(1)
      .executeTakeFirst();
    if (heir) await trx.updateTable('rooms').set({ ownerId: heir.memberId }).where('id', '=', id).execute();
  }
  return [...new Set(memberships.map((m) => m.roomId))];
}

/** Deleting accounts: emptying their rows, removing what only they read; no rules here. */
export function accountDeletionRepository(db: Kysely<Database>) {
  return {
    /**
     * Empties the person's row and their personas' and removes their sessions, push subscriptions, blocks (both ways), saved items
     * and Charioteer discussions; they and their personas leave their rooms, and a room they own passes to the
     * person who has been in it longest. One transaction. Answers the pictures those rows showed, and the rooms
     * they left.
     */
    async empty(
      person: { id: string; username: string },
      at: string,
    ): Promise<{ pictures: string[]; rooms: string[] }> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('users')
          .select(['id', 'profilePic'])
          .where((eb) =>
            eb.or([
              eb('id', '=', person.id),
              eb.and([eb('createdByUsername', '=', person.username), eb('isAi', '=', 1)]),
            ]),
          )
          .where('deletedAt', '=', '')
          .execute();
        for (const row of rows) {
          // E-mail addresses are unique: an address no one can own keeps the rule and frees the real one.
          const email = `${row.id}@deleted.invalid`;
          await trx
            .updateTable('users')
            .set({ ...EMPTIED, email, deletedAt: at, updatedAt: at })
            .where('id', '=', row.id)
            .execute();
        }
        await trx.deleteFrom('sessions').where('userId', '=', person.id).execute();
        // Their devices are told nothing more.
        await trx.deleteFrom('pushSubscriptions').where('userId', '=', person.id).execute();
        await trx
          .deleteFrom('blocks')
          .where((eb) => eb.or([eb('blockerId', '=', person.id), eb('blockedId', '=', person.id)]))
          .execute();
        await trx.deleteFrom('actions').where('userId', '=', person.id).execute();
        await trx.deleteFrom('discussions').where('userId', '=', person.id).execute();
        const rooms = await leaveRooms(
          trx,
          person.id,
          rows.map((row) => row.id),
          at,
        );
        return { pictures: rows.map((row) => row.profilePic).filter((url) => url !== ''), rooms };
      });
    },

    /** The person's conversations with personas: no one else reads them, so they go whole. */
    async personaConversationsOf(personId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('conversations as c')
        .innerJoin('users as other', (join) => join.on('other.id', '=', otherPerson(personId)))
        .select('c.id')
        .where(hasPerson(personId))
        .where('other.isAi', '=', 1)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Deletes up to PURGE_BATCH of a conversation's messages; answers how many it deleted. */
    async deleteSomeMessages(conversationId: string): Promise<number> {
      const batch = db
        .selectFrom('messages')
        .select('id')
        .where('conversationId', '=', conversationId)
        .limit(PURGE_BATCH);
      const result = await db.deleteFrom('messages').where('id', 'in', batch).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Deletes a conversation (its memory items go with it). */
    async deleteConversation(id: string): Promise<void> {
      await db.deleteFrom('conversations').where('id', '=', id).execute();
    },

    /** People whose accounts were deleted (to finish a purge a restart interrupted). */
    async deletedPeople(): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('deletedAt', '!=', '')
        .where('isAi', '=', 0)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Frees the usernames of accounts deleted before `before`: each row takes its id as its name. */
    async releaseUsernames(before: string): Promise<number> {
      const result = await db
        .updateTable('users')
        .set((eb) => ({ username: eb.ref('id') }))
        .where('deletedAt', '!=', '')
        .where('deletedAt', '<', before)
        .whereRef('username', '!=', 'id')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type AccountDeletionRepository = ReturnType<typeof accountDeletionRepository>;
