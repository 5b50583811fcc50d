import type { PushSubscriptionsRepository } from './push-subscriptions.repository.js';

/**
 * Who may have a device with notifications on, kept in memory by a lone process so that a message to someone
 * without one (most people) costs no read at all. It is a superset: a device turned on here is added at once; a
 * removal leaves the person in it (their next message costs one read that finds nothing); and when another
 * connection wrote the database (`changedElsewhere`: an operator's shell, the account deletion's own
 * transaction does not count as it is this connection) it is read again. With several processes nothing is
 * kept: every message asks the database.
 */
export function deviceOwners(deps: {
  repo: Pick<PushSubscriptionsRepository, 'owners'>;
  /** SQLite's data_version in a lone process; undefined with several processes. */
  changedElsewhere: (() => number) | undefined;
}) {
  let kept: Promise<Set<string>> | undefined;
  let version: number | undefined;

  function current(): Promise<Set<string>> | undefined {
    if (!deps.changedElsewhere) return undefined;
    const now = deps.changedElsewhere();
    if (!kept || now !== version) {
      version = now;
      kept = deps.repo.owners().then((ids) => new Set(ids));
      // A failed read is tried again by the next message rather than kept.
      kept.catch(() => {
        kept = undefined;
      });
    }
    return kept;
  }

  return {
    /** Of these people, those who may have a device (all of them when nothing is kept). */
    async among(userIds: readonly string[]): Promise<string[]> {
      const owners = await current();
      return owners ? userIds.filter((id) => owners.has(id)) : [...userIds];
    },

    /** The person turned a device on in this process. */
    added(userId: string): void {
      void current()?.then((owners) => owners.add(userId));
    },
  };
}

export type DeviceOwners = ReturnType<typeof deviceOwners>;
