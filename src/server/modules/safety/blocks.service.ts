import { SAFETY_ERRORS, type BlockedPerson } from '../../../contracts/safety.js';
import { ERRORS } from '../../../contracts/errors.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { isId, nowIso } from '../../lib/ids.js';
import { rowsCache } from '../../performance/rows-cache.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { BlockSets, BlocksRepository } from './blocks.repository.js';

/** A block was added (`blocked`) or removed between two people. */
export interface BlockChange {
  blockerId: string;
  blockedId: string;
  blocked: boolean;
}

/**
 * Blocks between people. Each person's blocks are read on every send to a person, so they are kept in memory
 * like the session users' rows (forgotten on every change here, and whenever another process wrote the
 * database); with several processes nothing is kept and each check reads the database.
 */
export function blocksService(deps: {
  repo: BlocksRepository;
  findUser: (id: string) => Promise<UserRow | undefined>;
  emitter: RealtimeEmitter;
  changedElsewhere: (() => number) | undefined;
}) {
  const { repo, emitter } = deps;
  const kept = rowsCache<BlockSets>({ changedElsewhere: deps.changedElsewhere });
  const listeners: Array<(change: BlockChange) => void> = [];
  // The database version keptSets last looked at: it forgets like `kept.read` does, without awaiting.
  let seenVersion = deps.changedElsewhere?.();

  async function setsOf(userId: string): Promise<BlockSets> {
    const sets = await kept.read(userId, Date.now(), () => repo.setsOf(userId));
    return sets ?? { blocked: new Set(), blockedUsernames: new Set(), blockedBy: new Set() };
  }

  /**
   * The person's kept blocks, answered at once; undefined when they must be read (not kept yet, forgotten,
   * stale, or nothing is kept at all with several processes). Forgets everything first when the database was
   * written from elsewhere, as `kept.read` does.
   */
  function keptSets(userId: string): BlockSets | undefined {
    if (!deps.changedElsewhere) return undefined;
    const version = deps.changedElsewhere();
    if (version !== seenVersion) {
      seenVersion = version;
      kept.forget();
      return undefined;
    }
    return kept.get(userId, Date.now());
  }

  /** Throws the refusal when either of the two blocked the other, going by `senderId`'s sets. */
  function refuse(sets: BlockSets, recipientId: string): void {
    if (sets.blockedBy.has(recipientId))
      throw new HttpError(403, SAFETY_ERRORS.notDelivered, 'not_delivered');
    if (sets.blocked.has(recipientId)) throw new HttpError(403, SAFETY_ERRORS.youBlocked, 'blocked');
  }

  /** The person `targetId` names, if one may block them. */
  async function blockable(user: Pick<UserRow, 'id'>, targetId: string): Promise<UserRow> {
    if (targetId === user.id) throw new HttpError(400, SAFETY_ERRORS.blockYourself);
    const target = isId(targetId) ? await deps.findUser(targetId) : undefined;
    if (!target || target.isFrozen === 1) throw new HttpError(404, ERRORS.userNotFound);
    if (target.isAi === 1) throw new HttpError(400, SAFETY_ERRORS.blockPersona);
    return target;
  }

  function changed(change: BlockChange): void {
    kept.forget();
    for (const listener of listeners) listener(change);
  }

  return {
    setsOf,

    /** Forgets every kept block list (a person was renamed: their personas carry the new name). */
    forget: () => kept.forget(),

    /** Whether either of the two blocked the other. */
    async eitherBlocked(a: string, b: string): Promise<boolean> {
      const sets = await setsOf(a);
      return sets.blocked.has(b) || sets.blockedBy.has(b);
    },

    /**
     * Refuses a message from `senderId` to `recipientId` when either blocked the other. The blocked sender is
     * told only that it was not delivered; the blocker is told why (they can undo it). It runs on every send to
     * a person, so with the sender's blocks kept it answers at once: it throws or returns undefined, and the
     * caller awaits nothing. Only when they must be read does it return a promise (which rejects to refuse).
     */
    refuseMessage(senderId: string, recipientId: string): Promise<void> | undefined {
      const sets = keptSets(senderId);
      if (sets) {
        refuse(sets, recipientId);
        return undefined;
      }
      return setsOf(senderId).then((read) => refuse(read, recipientId));
    },

    /** Hears every block and unblock made through this process (lists to forget, presence to tell). */
    onChange(listener: (change: BlockChange) => void): void {
      listeners.push(listener);
    },

    async block(user: Pick<UserRow, 'id'>, targetId: string): Promise<void> {
      const target = await blockable(user, targetId);
      if (!(await repo.add(user.id, target.id, nowIso()))) return;
      changed({ blockerId: user.id, blockedId: target.id, blocked: true });
      // Neither sees the other online from now on; the blocker's tabs read their lists again.
      emitter.toUsers([target.id], 'userOffline', user.id);
      emitter.toUsers([user.id], 'userOffline', target.id);
      emitter.toUsers([user.id], 'blocksChanged', {});
    },

    async unblock(user: Pick<UserRow, 'id'>, targetId: string): Promise<void> {
      if (!isId(targetId) || !(await repo.remove(user.id, targetId))) return;
      changed({ blockerId: user.id, blockedId: targetId, blocked: false });
      emitter.toUsers([user.id], 'blocksChanged', {});
    },

    async list(user: Pick<UserRow, 'id'>): Promise<BlockedPerson[]> {
      return (await repo.listBy(user.id)).map((row) => ({
        _id: row.id,
        username: row.username,
        name: row.name,
        profilePic: row.profilePic,
        blockedAt: row.createdAt,
      }));
    },
  };
}

export type BlocksService = ReturnType<typeof blocksService>;
