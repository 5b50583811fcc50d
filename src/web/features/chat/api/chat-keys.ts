/** Query keys of the chat screen's server state, in one place so events and fetchers agree. */
export const chatKeys = {
  all: ['chat'] as const,
  conversations: ['chat', 'conversations'] as const,
  /** Messages with one other user, keyed by their id (the GET call is addressed by user, not conversation). */
  messages: (otherUserId: string) => ['chat', 'messages', otherUserId] as const,
  /**
   * What the persona of a DM remembers of the signed-in person, or what one persona remembers of a room (with
   * its id); a room's id alone stands for all its personas' memories.
   */
  memory: (conversationId: string, personaId?: string) =>
    personaId === undefined
      ? (['chat', 'memory', conversationId] as const)
      : (['chat', 'memory', conversationId, personaId] as const),
  /** The rooms the signed-in person is in (the inbox lists them with the conversations). */
  rooms: ['chat', 'rooms'] as const,
  /** One room with its members and settings. */
  room: (roomId: string) => ['chat', 'room', roomId] as const,
  /** A room's messages, keyed by the room (its conversation) id. */
  roomMessages: (roomId: string) => ['chat', 'room-messages', roomId] as const,
};
