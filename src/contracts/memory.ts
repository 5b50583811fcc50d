import { z } from 'zod';

/**
 * Conversation memory (our addition): short facts a persona keeps about the person it talks with, one list
 * per person and persona (their conversation), which the person sees, edits and can switch off.
 */
export const MEMORY_LIMITS = {
  /** Facts kept per conversation; the oldest remembered ones make room for new ones. */
  items: 20,
  /** Characters in one fact. */
  itemChars: 300,
  /** New facts taken from one reply, at most. */
  newPerReply: 3,
} as const;

export const MemoryItem = z.object({
  _id: z.string(),
  text: z.string(),
  /** 'ai': remembered from a reply; 'person': written or edited by the person. */
  source: z.enum(['ai', 'person']),
  updatedAt: z.string(),
});
export type MemoryItem = z.infer<typeof MemoryItem>;

/** GET /api/messages/conversations/:conversationId/memory */
export const ConversationMemory = z.object({
  /** Off: the persona neither uses these facts nor adds to them. */
  enabled: z.boolean(),
  items: z.array(MemoryItem),
});
export type ConversationMemory = z.infer<typeof ConversationMemory>;

/** One line of plain text: line breaks and runs of spaces become one space (a fact is one line of a prompt). */
export const oneLine = (text: string) => text.replace(/[\s\p{Cc}]+/gu, ' ').trim();

const factText = z
  .string({ error: 'Write what to remember' })
  .transform(oneLine)
  .pipe(
    z
      .string()
      .min(1, 'Write what to remember')
      .max(MEMORY_LIMITS.itemChars, `A memory must be at most ${MEMORY_LIMITS.itemChars} characters`),
  );

/** POST …/memory (add) and PATCH …/memory/:itemId (edit). */
export const MemoryItemRequest = z.object({ text: factText });
export type MemoryItemRequest = z.input<typeof MemoryItemRequest>;

/** PUT …/memory/settings */
export const MemorySettingsRequest = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type MemorySettingsRequest = z.infer<typeof MemorySettingsRequest>;
