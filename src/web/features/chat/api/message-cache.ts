import type { Message } from '../../../../contracts/messages.js';

function time(message: Message): number {
  const value = Date.parse(message.createdAt);
  return Number.isNaN(value) ? 0 : value;
}

/** Oldest first; ids (UUIDv7, time-ordered) break ties between messages of the same millisecond. */
export function compareMessages(a: Message, b: Message): number {
  return time(a) - time(b) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
}

/**
 * Merges two lists of one conversation by _id: nothing lost, nothing twice, oldest first. The incoming
 * copy wins, except that `seen` never goes back to false (a stale page must not undo a seen event).
 */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(current.map((message) => [message._id, message]));
  for (const message of incoming) {
    const known = byId.get(message._id);
    byId.set(message._id, known?.seen && !message.seen ? { ...message, seen: true } : message);
  }
  return [...byId.values()].sort(compareMessages);
}

/** SPEC §4: once `seenBy` has read the conversation, every message they did not send is seen. */
export function markSeenBy(messages: readonly Message[], seenBy: string): Message[] {
  return messages.map((message) =>
    message.sender !== seenBy && !message.seen ? { ...message, seen: true } : message,
  );
}

/** Messages after the local "clean slate" cut-off (an ISO time); everything when there is none. */
export function visibleAfter(messages: readonly Message[], cutoff: string | undefined): Message[] {
  if (cutoff === undefined) return [...messages];
  const limit = Date.parse(cutoff);
  return messages.filter((message) => Date.parse(message.createdAt) > limit);
}
