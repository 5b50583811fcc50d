import { MEMORY_LIMITS, type ConversationMemory, type MemoryItem } from '../../../contracts/memory.js';
import type { MemoryItemRow, UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { isId, newId, newRow, nowIso } from '../../lib/ids.js';
import type { Locks } from '../../lib/cluster-locks.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import { describeAiError, type AiEngine } from '../ai/engine.js';
import { extractionPrompt, parseFacts, type Exchange } from './memory-extraction.js';
import type { MemoryConversation, MemoryRepository } from './memory.repository.js';

export const MEMORY_ERRORS = {
  conversationNotFound: 'Conversation not found',
  notPersona: 'Only a conversation with a persona has a memory',
  itemNotFound: 'That memory is gone',
  full: `Memory is full (${MEMORY_LIMITS.items} items): delete one first`,
  tooFast: 'You are changing memories too fast. Please wait a moment and try again.',
} as const;

const toItem = (row: MemoryItemRow): MemoryItem => ({
  _id: row.id,
  text: row.text,
  source: row.source,
  updatedAt: row.updatedAt,
});

/** Output tokens an extraction may use: a few short lines. */
const EXTRACTION_TOKENS = 200;

/**
 * A persona's memory of one person: the facts it keeps after each reply (taken by the same AI engine), fed
 * into its later prompts, seen and changed only by that person, cleared with the conversation's context.
 */
export function memoryService(deps: {
  repo: MemoryRepository;
  accounts: Pick<AccountsRepository, 'findRecipient'>;
  engine: AiEngine;
  emitter: RealtimeEmitter;
  /** One writer at a time per conversation's memory, in every process, so the item limit holds. */
  locks: Locks;
  log: { warn(details: object, message: string): void };
}) {
  const { repo, accounts, engine, emitter, locks, log } = deps;

  async function exclusively<T>(conversationId: string, work: () => Promise<T>): Promise<T> {
    const lease = await locks.acquire(`memory:${conversationId}`);
    try {
      return await work();
    } finally {
      lease.release();
    }
  }

  /** The person's conversation with a persona, or the reason they may not touch its memory. */
  async function ownConversation(
    user: Pick<UserRow, 'id'>,
    conversationId: string,
  ): Promise<MemoryConversation> {
    const conversation = isId(conversationId) ? await repo.conversation(conversationId) : undefined;
    // Someone else's conversation is "not found", exactly like one that does not exist.
    if (!conversation || (conversation.userLow !== user.id && conversation.userHigh !== user.id))
      throw new HttpError(404, MEMORY_ERRORS.conversationNotFound);
    const other = await accounts.findRecipient(
      conversation.userLow === user.id ? conversation.userHigh : conversation.userLow,
    );
    if (other?.isAi !== 1) throw new HttpError(400, MEMORY_ERRORS.notPersona);
    return conversation;
  }

  const changed = (userId: string, conversationId: string) =>
    emitter.toUsers([userId], 'memoryChanged', { conversationId });

  return {
    async read(user: Pick<UserRow, 'id'>, conversationId: string): Promise<ConversationMemory> {
      const conversation = await ownConversation(user, conversationId);
      const items = await repo.list(conversation.id);
      return { enabled: conversation.memoryOn === 1, items: items.map(toItem) };
    },

    async add(
      user: Pick<UserRow, 'id'>,
      conversationId: string,
      input: { text: string },
    ): Promise<MemoryItem> {
      const conversation = await ownConversation(user, conversationId);
      const row = await exclusively(conversation.id, async () => {
        if ((await repo.count(conversation.id)) >= MEMORY_LIMITS.items)
          throw new HttpError(409, MEMORY_ERRORS.full);
        const item: MemoryItemRow = {
          ...newRow(),
          conversationId: conversation.id,
          personaId: '',
          text: input.text,
          source: 'person',
        };
        await repo.insert(item);
        return item;
      });
      changed(user.id, conversation.id);
      return toItem(row);
    },

    async edit(
      user: Pick<UserRow, 'id'>,
      conversationId: string,
      itemId: string,
      input: { text: string },
    ): Promise<MemoryItem> {
      const conversation = await ownConversation(user, conversationId);
      const row = isId(itemId) ? await repo.update(conversation.id, itemId, input.text, nowIso()) : undefined;
      if (!row) throw new HttpError(404, MEMORY_ERRORS.itemNotFound);
      changed(user.id, conversation.id);
      return toItem(row);
    },

    async remove(user: Pick<UserRow, 'id'>, conversationId: string, itemId: string): Promise<void> {
      const conversation = await ownConversation(user, conversationId);
      if (!isId(itemId) || !(await repo.remove(conversation.id, itemId)))
        throw new HttpError(404, MEMORY_ERRORS.itemNotFound);
      changed(user.id, conversation.id);
    },

    async setEnabled(user: Pick<UserRow, 'id'>, conversationId: string, enabled: boolean) {
      const conversation = await ownConversation(user, conversationId);
      await repo.setEnabled(conversation.id, enabled);
      changed(user.id, conversation.id);
      return { enabled };
    },

    /** What the persona remembers of this person, for its prompt; nothing while memory is off. */
    async factsFor(conversation: Pick<MemoryConversation, 'id' | 'memoryOn'>): Promise<string[]> {
      if (conversation.memoryOn !== 1) return [];
      return (await repo.list(conversation.id)).map((row) => row.text);
    },

    /**
     * After a reply: asks the engine for new facts in the exchange and keeps them. Best effort: a failure
     * is logged (without the text) and the reply stands.
     */
    async rememberFrom(
      job: { conversationId: string; userId: string },
      exchange: Exchange,
      signal: AbortSignal,
    ): Promise<void> {
      try {
        const conversation = await repo.conversation(job.conversationId);
        if (conversation?.memoryOn !== 1) return;
        const remembered = (await repo.list(conversation.id)).map((row) => row.text);
        const answer = await engine.generate({
          messages: extractionPrompt(exchange, remembered),
          maxOutputTokens: EXTRACTION_TOKENS,
          temperature: 0,
          signal,
        });
        const kept = await exclusively(conversation.id, async () => {
          // Switched off or cleared while the engine thought: what it found belongs to a memory that is gone.
          const latest = await repo.conversation(conversation.id);
          if (latest?.memoryOn !== 1 || latest.memoryFrom !== conversation.memoryFrom) return false;
          const facts = parseFacts(
            answer,
            (await repo.list(conversation.id)).map((row) => row.text),
          );
          if (!facts.length) return false;
          const now = nowIso();
          await repo.remember(
            facts.map((text) => ({
              id: newId(),
              conversationId: conversation.id,
              personaId: '',
              text,
              source: 'ai' as const,
              createdAt: now,
              updatedAt: now,
            })),
            conversation.id,
          );
          return true;
        });
        if (kept) changed(job.userId, conversation.id);
      } catch (error) {
        log.warn({ error: describeAiError(error), conversationId: job.conversationId }, 'remembering failed');
      }
    },
  };
}

export type MemoryService = ReturnType<typeof memoryService>;
