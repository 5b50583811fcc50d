import { MEMORY_LIMITS, type ConversationMemory, type MemoryItem } from '../../../contracts/memory.js';
import type { MemoryItemRow, UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { isId, newId, newRow, nowIso } from '../../lib/ids.js';
import type { Locks } from '../../lib/cluster-locks.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import { describeAiError, type AiEngine } from '../ai/engine.js';
import { extractionPrompt, parseFacts, type ReplyExchange } from './memory-extraction.js';
import type { MemoryConversation, MemoryRepository, MemoryScope } from './memory.repository.js';

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

  async function exclusively<T>(scope: MemoryScope, work: () => Promise<T>): Promise<T> {
    const lease = await locks.acquire(`memory:${scope.conversationId}:${scope.personaId}`);
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

  /** A DM's memory: the one persona's there. */
  const dmScope = (conversation: Pick<MemoryConversation, 'id'>): MemoryScope => ({
    conversationId: conversation.id,
    personaId: '',
  });

  /** Tells whoever reads the scope's memory that it changed: the DM's person, or the room's members. */
  function changed(scope: MemoryScope, userId: string): void {
    const event = { conversationId: scope.conversationId };
    if (scope.personaId === '') emitter.toUsers([userId], 'memoryChanged', event);
    else emitter.toRoom(scope.conversationId, 'memoryChanged', { ...event, personaId: scope.personaId });
  }

  /**
   * What one scope's memory is and how it changes, once the caller checked that the person may (a DM's person
   * checked here; a room's members by the rooms module). `enabled` is the conversation's memory switch.
   */
  const scoped = {
    async read(scope: MemoryScope, enabled: boolean): Promise<ConversationMemory> {
      return { enabled, items: (await repo.list(scope)).map(toItem) };
    },

    async add(scope: MemoryScope, userId: string, input: { text: string }): Promise<MemoryItem> {
      const row = await exclusively(scope, async () => {
        if ((await repo.count(scope)) >= MEMORY_LIMITS.items) throw new HttpError(409, MEMORY_ERRORS.full);
        const item: MemoryItemRow = {
          ...newRow(),
          ...scope,
          text: input.text,
          source: 'person',
          sourceMessageId: '',
        };
        await repo.insert(item);
        return item;
      });
      changed(scope, userId);
      return toItem(row);
    },

    async edit(
      scope: MemoryScope,
      userId: string,
      itemId: string,
      input: { text: string },
    ): Promise<MemoryItem> {
      const row = isId(itemId) ? await repo.update(scope, itemId, input.text, nowIso()) : undefined;
      if (!row) throw new HttpError(404, MEMORY_ERRORS.itemNotFound);
      changed(scope, userId);
      return toItem(row);
    },

    async remove(scope: MemoryScope, userId: string, itemId: string): Promise<void> {
      if (!isId(itemId) || !(await repo.remove(scope, itemId)))
        throw new HttpError(404, MEMORY_ERRORS.itemNotFound);
      changed(scope, userId);
    },

    /** What the persona remembers in this scope, for its prompt; nothing while the conversation's memory is off. */
    async facts(scope: MemoryScope): Promise<string[]> {
      const conversation = await repo.conversation(scope.conversationId);
      if (conversation?.memoryOn !== 1) return [];
      return (await repo.list(scope)).map((row) => row.text);
    },

    /**
     * After a persona spoke: asks the engine for new facts in the exchange and keeps them. Best effort: a failure
     * is logged (without the text) and the reply stands. `userId` is told in a DM (a room's members are).
     */
    async rememberFrom(
      scope: MemoryScope,
      userId: string,
      exchange: ReplyExchange,
      signal: AbortSignal,
    ): Promise<void> {
      try {
        const conversation = await repo.conversation(scope.conversationId);
        if (conversation?.memoryOn !== 1) return;
        const remembered = (await repo.list(scope)).map((row) => row.text);
        const answer = await engine.generate({
          messages: extractionPrompt(exchange, remembered),
          maxOutputTokens: EXTRACTION_TOKENS,
          temperature: 0,
          signal,
        });
        const kept = await exclusively(scope, async () => {
          // Switched off or cleared while the engine thought: what it found belongs to a memory that is gone.
          const latest = await repo.conversation(scope.conversationId);
          if (latest?.memoryOn !== 1 || latest.memoryFrom !== conversation.memoryFrom) return false;
          const facts = parseFacts(
            answer,
            (await repo.list(scope)).map((row) => row.text),
          );
          if (!facts.length) return false;
          const now = nowIso();
          await repo.remember(
            facts.map((text) => ({
              id: newId(),
              ...scope,
              text,
              source: 'ai' as const,
              createdAt: now,
              updatedAt: now,
              // Deleting any message of the exchange (or the reply) for everyone forgets these facts.
              sourceMessageId: exchange.replyId,
            })),
            scope,
          );
          return true;
        });
        if (kept) changed(scope, userId);
      } catch (error) {
        log.warn(
          { error: describeAiError(error), conversationId: scope.conversationId },
          'remembering failed',
        );
      }
    },
  };

  return {
    scoped,

    async read(user: Pick<UserRow, 'id'>, conversationId: string): Promise<ConversationMemory> {
      const conversation = await ownConversation(user, conversationId);
      return scoped.read(dmScope(conversation), conversation.memoryOn === 1);
    },

    async add(
      user: Pick<UserRow, 'id'>,
      conversationId: string,
      input: { text: string },
    ): Promise<MemoryItem> {
      return scoped.add(dmScope(await ownConversation(user, conversationId)), user.id, input);
    },

    async edit(
      user: Pick<UserRow, 'id'>,
      conversationId: string,
      itemId: string,
      input: { text: string },
    ): Promise<MemoryItem> {
      return scoped.edit(dmScope(await ownConversation(user, conversationId)), user.id, itemId, input);
    },

    async remove(user: Pick<UserRow, 'id'>, conversationId: string, itemId: string): Promise<void> {
      await scoped.remove(dmScope(await ownConversation(user, conversationId)), user.id, itemId);
    },

    async setEnabled(user: Pick<UserRow, 'id'>, conversationId: string, enabled: boolean) {
      const conversation = await ownConversation(user, conversationId);
      await repo.setEnabled(conversation.id, enabled);
      changed(dmScope(conversation), user.id);
      return { enabled };
    },

    /** What the persona of a DM remembers of its person, for its prompt; nothing while memory is off. */
    async factsFor(conversation: Pick<MemoryConversation, 'id' | 'memoryOn'>): Promise<string[]> {
      if (conversation.memoryOn !== 1) return [];
      return (await repo.list(dmScope(conversation))).map((row) => row.text);
    },

    /** After a DM reply: new facts about its person (see scoped.rememberFrom). */
    rememberFrom(
      job: { conversationId: string; userId: string },
      exchange: ReplyExchange,
      signal: AbortSignal,
    ) {
      return scoped.rememberFrom(
        { conversationId: job.conversationId, personaId: '' },
        job.userId,
        exchange,
        signal,
      );
    },
  };
}

export type MemoryService = ReturnType<typeof memoryService>;
