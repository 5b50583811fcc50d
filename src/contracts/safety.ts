import { z } from 'zod';

/**
 * Safety (issue 42): people a person blocked, and conversations they muted. A block works both ways for
 * messages and presence; the blocker also stops seeing the blocked person and their personas anywhere.
 */
export const SAFETY_ERRORS = {
  /** The blocked person's refusal: the same whatever the cause, so a block is never revealed. */
  notDelivered: 'This message could not be delivered.',
  youBlocked: 'You blocked this person. Unblock them to send messages.',
  blockYourself: 'You cannot block yourself',
  blockPersona: 'Personas cannot be blocked; report the persona instead',
  tooFast: 'You are changing blocks too fast. Please wait a moment and try again.',
} as const;

/** Someone the signed-in person blocked, as their blocked list shows them. */
export const BlockedPerson = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  profilePic: z.string(),
  blockedAt: z.string(),
});
export type BlockedPerson = z.infer<typeof BlockedPerson>;

export const BlockList = z.array(BlockedPerson);

/** PUT /api/messages/conversations/:conversationId/mute */
export const MuteRequest = z.object({ muted: z.boolean({ error: 'muted must be true or false' }) });
export type MuteRequest = z.infer<typeof MuteRequest>;

export const MuteResponse = z.object({ _id: z.string(), muted: z.boolean() });
export type MuteResponse = z.infer<typeof MuteResponse>;
