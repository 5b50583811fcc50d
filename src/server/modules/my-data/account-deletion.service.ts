import { setImmediate as nextTurn } from 'node:timers/promises';
import { MY_DATA_ERRORS, USERNAME_HOLD_DAYS } from '../../../contracts/my-data.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { nowIso } from '../../lib/ids.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { PURGE_BATCH, type AccountDeletionRepository } from './account-deletion.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deleting an account: the password is asked again; the person's row and their personas' are emptied and frozen
 * at once (profile, prompts, memory, saved items, discussions, blocks, sessions), every session and socket ends in
 * every process, then their conversations with personas are removed a batch at a time and their pictures go
 * unless another account shows the same one. Messages they sent to people stay, from "deleted account"; the
 * username is held for USERNAME_HOLD_DAYS.
 */
export function accountDeletionService(deps: {
  repo: AccountDeletionRepository;
  verifyPassword: (storedHash: string, password: string) => Promise<boolean>;
  /** Signs a person out everywhere: their sessions end in every process. */
  endSessions: (userId: string) => Promise<void>;
  emitter: RealtimeEmitter;
  uploads: Pick<UploadsService, 'remove'>;
  isPictureUsed: (url: string) => Promise<boolean>;
  /** People's or personas' rows changed: caches of them forget. */
  onPeopleChanged: () => void;
}) {
  const { repo } = deps;

  /** Removes the person's conversations with personas, letting other work run between batches. */
  async function purgeConversations(personId: string): Promise<void> {
    for (const conversationId of await repo.personaConversationsOf(personId)) {
      while ((await repo.deleteSomeMessages(conversationId)) === PURGE_BATCH) await nextTurn();
      await repo.deleteConversation(conversationId);
    }
  }

  return {
    async deleteAccount(person: UserRow, password: string): Promise<void> {
      if (!(await deps.verifyPassword(person.passwordHash, password)))
        throw new HttpError(403, MY_DATA_ERRORS.passwordWrong, 'current_password_wrong');
      const { pictures, rooms } = await repo.empty(person, nowIso());
      deps.onPeopleChanged();
      // The rooms they left show them gone (and any new owner) at once.
      for (const roomId of rooms) deps.emitter.toRoom(roomId, 'roomChanged', { roomId });
      await deps.endSessions(person.id);
      deps.emitter.endOtherSessions(person.id, '');
      await purgeConversations(person.id);
      for (const url of new Set(pictures)) {
        if (!(await deps.isPictureUsed(url))) await deps.uploads.remove(url);
      }
    },

    /** Finishes the purges a restart interrupted; a finished one finds nothing left to do. */
    async finishPurges(): Promise<void> {
      for (const personId of await repo.deletedPeople()) await purgeConversations(personId);
    },

    /** Frees the usernames whose waiting period is over; answers how many. */
    async releaseUsernames(now = Date.now()): Promise<number> {
      const released = await repo.releaseUsernames(new Date(now - USERNAME_HOLD_DAYS * DAY_MS).toISOString());
      if (released > 0) deps.onPeopleChanged();
      return released;
    },
  };
}

export type AccountDeletionService = ReturnType<typeof accountDeletionService>;
