import type { Presence } from '../../realtime/presence.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { MessagesRepository } from './messages.repository.js';

/** A closed tab is counted as closed this much later, so a tab that reopens within it tells nobody. */
export const RECONNECT_GRACE_MS = 25;

/** One batch of presence changes; it answers, once handled, whose contacts are online. */
interface Batch {
  /** Users whose connecting tab waits for the list of its online contacts (getOnlineUsers). */
  askers: Set<string>;
  /** Users announced online again whatever the flush says: other processes may have lost them (Redis restarted). */
  reannounced: Set<string>;
  done: Promise<(userId: string) => string[]>;
  settle: (onlineContactsOf: (userId: string) => string[]) => void;
  fail: (err: unknown) => void;
}

function newBatch(): Batch {
  let settle: Batch['settle'] = () => {};
  let fail: Batch['fail'] = () => {};
  const done = new Promise<(userId: string) => string[]>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  // Every caller handles its own copy of a failure; this keeps the shared one from counting as unhandled.
  done.catch(() => {});
  return { askers: new Set(), reannounced: new Set(), done, settle, fail };
}

/**
 * Presence is shared with contacts (people one has a conversation with), not with everyone:
 * strangers cannot watch who is online, and a change costs O(contacts), not O(users online).
 * Changes are batched per process (one contacts query and one onlineAmong a batch) and told only to
 * contacts who are online. Like a group commit: an idle service handles a change at once, and whatever
 * arrives while a batch waits on the database or Redis forms the next batch. No fixed delay: measured on a
 * busy event loop, a timer (or even setImmediate) fired hundreds of milliseconds late.
 */
export function presenceService(presence: Presence, repo: MessagesRepository, emitter: RealtimeEmitter) {
  let next: Batch | undefined;
  // Batches run one after another, so presence events leave in the order the changes happened.
  let running: Promise<void> = Promise.resolve();

  /** The batch still gathering changes; it starts as soon as the batch before it is done. */
  function gathering(): Batch {
    if (next) return next;
    const batch = newBatch();
    next = batch;
    running = running.then(() => {
      next = undefined;
      return handle(batch);
    });
    return batch;
  }

  async function handle(batch: Batch): Promise<void> {
    try {
      const flushed = await presence.flush();
      const cameOnline = [...new Set([...flushed.cameOnline, ...batch.reannounced])];
      const { wentOffline } = flushed;
      const users = [...new Set([...cameOnline, ...wentOffline, ...batch.askers])];
      const contacts = new Map<string, string[]>();
      for (const { userId, contactId } of users.length ? await repo.contactsOfMany(users) : []) {
        const list = contacts.get(userId);
        if (list) list.push(contactId);
        else contacts.set(userId, [contactId]);
      }
      const everyContact = [...new Set([...contacts.values()].flat())];
      const online = new Set(everyContact.length ? await presence.onlineAmong(everyContact) : []);
      const onlineContactsOf = (userId: string) => (contacts.get(userId) ?? []).filter((c) => online.has(c));
      // With the Redis adapter every emit is a publish: none for a user whose contacts are all offline.
      const tell = (event: 'userOnline' | 'userOffline', userId: string) => {
        const to = onlineContactsOf(userId);
        if (to.length) emitter.toUsers(to, event, userId);
      };
      for (const userId of cameOnline) tell('userOnline', userId);
      for (const userId of wentOffline) tell('userOffline', userId);
      batch.settle(onlineContactsOf);
    } catch (err) {
      batch.fail(err);
    }
  }

  /** Which of the user's contacts are online, answered with the next batch. */
  async function onlineContactsOf(userId: string): Promise<string[]> {
    const batch = gathering();
    batch.askers.add(userId);
    return (await batch.done)(userId);
  }

  return {
    /** A tab opened; resolves, once its batch is handled, with which of the user's contacts are online. */
    async connected(userId: string): Promise<string[]> {
      presence.connect(userId);
      return onlineContactsOf(userId);
    },

    onlineContactsOf,

    /** A tab closed; the user's contacts hear only when the last one did. Resolves once its batch is handled. */
    async disconnected(userId: string): Promise<void> {
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_GRACE_MS).unref());
      presence.disconnect(userId);
      await gathering().done;
    },

    /**
     * Redis is back after an outage: its presence keys may be gone, and contacts on other processes may have
     * read a list without these users in between. Each is announced online again to their online contacts.
     */
    async reannounce(userIds: Iterable<string>): Promise<void> {
      const batch = gathering();
      for (const userId of userIds) batch.reannounced.add(userId);
      await batch.done;
    },

    /**
     * People joined a room: each newcomer learns who of the room's people is online, and the room's people online
     * learn that the newcomers are. (Blocks between members only hide presence again at the next batch.)
     */
    async introduceAmong(newcomers: readonly string[], roomPeople: readonly string[]): Promise<void> {
      const online = new Set(await presence.onlineAmong([...new Set([...newcomers, ...roomPeople])]));
      for (const newcomer of newcomers) {
        for (const other of roomPeople)
          if (other !== newcomer && online.has(other)) emitter.toUsers([newcomer], 'userOnline', other);
        const tell = roomPeople.filter((other) => other !== newcomer && online.has(other));
        if (online.has(newcomer) && tell.length) emitter.toUsers(tell, 'userOnline', newcomer);
      }
    },

    /** Two people just became contacts: each learns whether the other is online. */
    async introduce(a: string, b: string): Promise<void> {
      const online = await presence.onlineAmong([a, b]);
      if (online.includes(a)) emitter.toUsers([b], 'userOnline', a);
      if (online.includes(b)) emitter.toUsers([a], 'userOnline', b);
    },
  };
}

export type PresenceService = ReturnType<typeof presenceService>;
