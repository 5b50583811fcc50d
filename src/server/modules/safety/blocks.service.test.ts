import { describe, expect, it } from 'vitest';
import { SAFETY_ERRORS } from '../../../contracts/safety.js';
import type { UserRow } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { BlocksRepository } from './blocks.repository.js';
import { blocksService } from './blocks.service.js';
import { silentEmitter } from '../../test/silent-emitter.js';

/** A blocks table in memory that counts how often a person's blocks were read. */
function countingRepo() {
  const rows: Array<{ blockerId: string; blockedId: string }> = [];
  const reads = { setsOf: 0 };
  const repo: BlocksRepository = {
    add: async (blockerId, blockedId) => {
      if (rows.some((r) => r.blockerId === blockerId && r.blockedId === blockedId)) return false;
      rows.push({ blockerId, blockedId });
      return true;
    },
    remove: async (blockerId, blockedId) => {
      const at = rows.findIndex((r) => r.blockerId === blockerId && r.blockedId === blockedId);
      if (at >= 0) rows.splice(at, 1);
      return at >= 0;
    },
    listBy: async () => [],
    setsOf: async (userId) => {
      reads.setsOf += 1;
      const mine = rows.filter((r) => r.blockerId === userId);
      return {
        blocked: new Set(mine.map((r) => r.blockedId)),
        blockedUsernames: new Set(),
        blockedBy: new Set(rows.filter((r) => r.blockedId === userId).map((r) => r.blockerId)),
      };
    },
  };
  return { repo, rows, reads };
}

const emitter = silentEmitter();
const person = (id: string) => ({ id, isFrozen: 0, isAi: 0 }) as UserRow;

/** What a refuseMessage call did: answered at once (nothing to await) or only after a read, and its refusal's code. */
async function check(call: () => Promise<void> | undefined) {
  let answer: Promise<void> | undefined;
  try {
    answer = call();
  } catch (error) {
    return { atOnce: true, refused: (error as { code?: string }).code };
  }
  if (!answer) return { atOnce: true, refused: undefined };
  const refused = await answer.then(
    () => undefined,
    (error: { code?: string }) => error.code,
  );
  return { atOnce: false, refused };
}

describe('refuseMessage on the send path', () => {
  const vera = newId();
  const bob = newId();

  it('answers at once from kept blocks, reading them again after a block here or a write elsewhere', async () => {
    const { repo, rows, reads } = countingRepo();
    let elsewhere = 1;
    const blocks = blocksService({
      repo,
      findUser: async (id) => person(id),
      emitter,
      changedElsewhere: () => elsewhere,
    });
    expect(await check(() => blocks.refuseMessage(bob, vera))).toEqual({ atOnce: false, refused: undefined });
    for (let i = 0; i < 3; i += 1)
      expect(await check(() => blocks.refuseMessage(bob, vera))).toEqual({
        atOnce: true,
        refused: undefined,
      });
    expect(reads.setsOf).toBe(1);

    // A block made in this process forgets what was kept: the next send reads and is refused.
    await blocks.block(person(vera), bob);
    expect(await check(() => blocks.refuseMessage(bob, vera))).toEqual({
      atOnce: false,
      refused: 'not_delivered',
    });
    expect(await check(() => blocks.refuseMessage(bob, vera))).toEqual({
      atOnce: true,
      refused: 'not_delivered',
    });

    // An unblock written by another process (or an operator) is noticed by the next check.
    rows.splice(0);
    elsewhere = 2;
    expect(await check(() => blocks.refuseMessage(bob, vera))).toEqual({ atOnce: false, refused: undefined });
    expect(await check(() => blocks.refuseMessage(bob, vera))).toEqual({ atOnce: true, refused: undefined });
    expect(reads.setsOf).toBe(3);
  });

  it('tells the blocker why, at once when kept', async () => {
    const { repo } = countingRepo();
    const blocks = blocksService({
      repo,
      findUser: async (id) => person(id),
      emitter,
      changedElsewhere: () => 1,
    });
    await blocks.block(person(vera), bob);
    await expect(blocks.refuseMessage(vera, bob)).rejects.toMatchObject({
      message: SAFETY_ERRORS.youBlocked,
    });
    expect(await check(() => blocks.refuseMessage(vera, bob))).toEqual({ atOnce: true, refused: 'blocked' });
  });

  it('reads the database on every check when nothing may be kept (several processes)', async () => {
    const { repo, reads } = countingRepo();
    const blocks = blocksService({
      repo,
      findUser: async (id) => person(id),
      emitter,
      changedElsewhere: undefined,
    });
    for (let i = 0; i < 3; i += 1)
      expect(await check(() => blocks.refuseMessage(bob, vera))).toEqual({
        atOnce: false,
        refused: undefined,
      });
    expect(reads.setsOf).toBe(3);
  });
});
