/**
 * A message stored and delivered to the open tabs, handed on to whatever tells people who are away (the
 * notifications module): DMs, room messages and persona replies all pass through this one hook.
 */
export interface DeliveredMessage {
  /** The DM's conversation or the room. */
  conversationId: string;
  room: boolean;
  senderId: string;
  text: string;
  /** Who it is for: a DM's recipient, or the person a persona answered. */
  to: readonly string[];
  /** Usernames @named in a room message: those of them in the room are told too. */
  mentions?: readonly string[];
}

/** Called once per message after its delivery; must answer at once (the work it sets off is its own). */
export type OnDelivered = (message: DeliveredMessage) => void;
