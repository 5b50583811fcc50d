import type { QueryClient } from '@tanstack/react-query';
import type { Discussion, DiscussionWithTurns, Turn } from '../../../../contracts/charioteer.js';
import { charioteerKeys } from './charioteer-keys.js';

/**
 * Whether the turn `a` comes before `b` in the stored order: by id, as the server lists them (ids are
 * time-ordered and given when a turn starts, so a join-in made while a persona speaks follows that turn).
 */
export function turnBefore(a: string, b: string): boolean {
  return a < b;
}

/** Turns in the stored order, each once (a socket event and an answer may bring the same). */
export function mergeTurns(held: readonly Turn[], incoming: readonly Turn[]): Turn[] {
  const byId = new Map(held.map((turn) => [turn._id, turn]));
  incoming.forEach((turn) => byId.set(turn._id, turn));
  return [...byId.values()].sort((a, b) => (turnBefore(a._id, b._id) ? -1 : 1));
}

/** Puts a fresh copy of a discussion in the open transcript's cache and in the list. */
export function storeDiscussion(client: QueryClient, discussion: Discussion): void {
  client.setQueryData<DiscussionWithTurns>(charioteerKeys.discussion(discussion._id), (held) =>
    held ? { ...held, discussion } : held,
  );
  client.setQueryData<Discussion[]>(charioteerKeys.list, (list) => {
    if (!list) return list;
    const others = list.filter((item) => item._id !== discussion._id);
    return list.length === others.length
      ? [discussion, ...others]
      : list.map((item) => (item._id === discussion._id ? discussion : item));
  });
}

/** Adds a stored turn to the open transcript. */
export function storeTurn(client: QueryClient, turn: Turn): void {
  client.setQueryData<DiscussionWithTurns>(charioteerKeys.discussion(turn.discussionId), (held) =>
    held ? { ...held, turns: mergeTurns(held.turns, [turn]) } : held,
  );
}
