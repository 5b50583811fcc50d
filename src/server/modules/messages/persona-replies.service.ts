import type { FastifyBaseLogger } from 'fastify';
import type { AiReplyInProgress } from '../../../contracts/messages.js';
import type { AiLimits } from '../../config.js';
import type { Locks } from '../../lib/cluster-locks.js';
import { HttpError, userFacingError } from '../../lib/http-error.js';
import { isId, newId, nowIso } from '../../lib/ids.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { AiBudget, ReleaseAi } from '../ai/ai-budget.js';
import { aiFailure } from '../ai/ai-errors.js';
import { describeAiError, type AiEngine } from '../ai/engine.js';
import { buildPersonaPrompt, promptText } from '../ai/persona-prompt.js';
import { speakAsPersona } from '../ai/speak-as-persona.js';
import { toMessage } from './message-view.js';
import type { ConversationListCache } from './conversation-list.cache.js';
import type { MessagesRepository } from './messages.repository.js';
import type { MemoryService } from '../memory/memory.service.js';
import type { ReplyExchange } from '../memory/memory-extraction.js';
import type { MessageRow } from '../../db/schema.js';
import type { OnDelivered } from './message-delivered.js';

/** What the person said since the persona last spoke (the end of the history), oldest first. */
function saidSince(history: readonly MessageRow[], personaId: string): string[] {
  const lastReply = history.findLastIndex((m) => m.senderId === personaId);
  return history.slice(lastReply + 1).map(promptText);
}

/** How many recent messages a reply may consider before the character budget trims them. */
const HISTORY_MESSAGES = 40;

export const REGENERATE_ERRORS = {
  conversationNotFound: 'Conversation not found',
  notPersona: 'Only a persona can be asked to answer again',
  nothingToAnswer: 'The persona has already answered your last message',
  inProgress: 'The persona is still answering',
} as const;

export interface PersonaReplyJob {
  conversationId: string;
  personaId: string;
  userId: string;
}

/**
 * A persona answers a person's message: streamed to every tab of that person as it is generated, through
 * the SPEC §5 sanitiser (so what streams is exactly what is stored), stored only when complete, one reply at
 * a time per conversation across every process (a lock per conversation), in order within a process. The text so far of each reply being written is kept, so a tab that opens the
 * conversation mid-reply shows it and streams on.
 */
export function personaRepliesService(deps: {
  engine: AiEngine;
  /** The person's AI budget: a reply is one of their generations, queued behind any other. */
  budget: AiBudget;
  limits: AiLimits;
  locks: Locks;
  repo: MessagesRepository;
  lists: ConversationListCache;
  accounts: AccountsRepository;
  emitter: RealtimeEmitter;
  /** What the persona remembers of the person: read into each prompt, added to after each reply. */
  memory: Pick<MemoryService, 'factsFor' | 'rememberFrom'>;
  log: FastifyBaseLogger;
  /** Told of each stored reply: the person may be away by the time it is written. */
  onDelivered: OnDelivered;
}) {
  const { engine, budget, limits, locks, repo, lists, accounts, emitter, memory, log } = deps;
  const replyLock = (conversationId: string) => `persona-reply:${conversationId}`;
  /** Replies queued or being written in this process, for a shutdown to wait for. */
  const pending = new Set<Promise<void>>();
  /** Replies being written, by conversation id, with the sanitised text sent so far. */
  const writing = new Map<string, AiReplyInProgress & { userId: string }>();

  async function run(job: PersonaReplyJob): Promise<void> {
    const turn = await locks.acquire(replyLock(job.conversationId));
    try {
      await admitted(job, () => turn.release());
    } finally {
      turn.release();
    }
  }

  /** `endTurn` lets the conversation's next reply (or 'ask again') go once this one is stored. */
  async function admitted(job: PersonaReplyJob, endTurn: () => void): Promise<void> {
    const replyId = newId();
    const to = [job.userId];
    let release: ReleaseAi;
    try {
      release = await budget.admitQueued(job.userId);
    } catch (error) {
      // Out of budget: said in the chat, with when to try again, never dropped silently.
      emitter.toUsers(to, 'aiReplyError', {
        conversationId: job.conversationId,
        replyId,
        ...userFacingError(aiFailure(error, false)),
      });
      return;
    }
    let exchange: ReplyExchange | undefined;
    try {
      exchange = await generate(job, replyId);
    } finally {
      release();
    }
    endTurn();
    // After the person's turn and budget are free again (a Studio call right after the reply is not kept
    // waiting); one short call per stored reply, so the reply rate bounds it (modules/memory/README.md).
    if (exchange) await memory.rememberFrom(job, exchange, AbortSignal.timeout(limits.timeoutMs));
  }

  /** Writes and stores the reply; the exchange it closed, for memory, or undefined when it failed. */
  async function generate(job: PersonaReplyJob, replyId: string): Promise<ReplyExchange | undefined> {
    const to = [job.userId];
    emitter.toUsers(to, 'aiReplyStart', {
      conversationId: job.conversationId,
      replyId,
      personaId: job.personaId,
    });
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    try {
      const [persona, conversation, viewer] = await Promise.all([
        accounts.findById(job.personaId),
        repo.findConversation(job.conversationId),
        accounts.findById(job.userId),
      ]);
      if (!persona || !conversation) throw new Error('persona or conversation vanished');
      const [history, remembered] = await Promise.all([
        repo.recentForAi(conversation, HISTORY_MESSAGES),
        memory.factsFor(conversation),
      ]);
      const live = { ...job, replyId, text: '' };
      writing.set(job.conversationId, live);
      const speech = await speakAsPersona({
        engine,
        limits,
        persona,
        viewerUsername: viewer?.username,
        messages: buildPersonaPrompt(
          persona,
          history.map((m) => ({ senderId: m.senderId, text: promptText(m) })),
          conversation.context,
          remembered,
        ),
        signal: timeout,
        onDelta: (delta, offset) => {
          live.text += delta;
          emitter.toUsers(to, 'aiReplyDelta', { conversationId: job.conversationId, replyId, delta, offset });
        },
      });
      if (!speech.complete) throw speech.error;
      const row = {
        id: replyId,
        conversationId: job.conversationId,
        senderId: persona.id,
        text: speech.text,
        createdAt: nowIso(),
      };
      await repo.transaction(async (trx) => {
        await repo.insertMessage(row, trx);
        await repo.setLatest(row, trx);
      });
      lists.forget(job.userId, persona.id);
      writing.delete(job.conversationId);
      emitter.toUsers(to, 'newMessage', toMessage({ ...row, seen: 0 }));
      deps.onDelivered({
        conversationId: row.conversationId,
        room: false,
        senderId: persona.id,
        text: row.text,
        to,
      });
      return {
        personaName: persona.name,
        said: saidSince(history, persona.id),
        reply: speech.text,
        replyId,
      };
    } catch (error) {
      writing.delete(job.conversationId);
      const { message, code } = aiFailure(error, timeout.aborted);
      // Not the error object itself: SDK errors carry the request body, i.e. the persona's prompt and the chat.
      log.warn({ error: describeAiError(error), conversationId: job.conversationId }, 'persona reply failed');
      emitter.toUsers(to, 'aiReplyError', {
        conversationId: job.conversationId,
        replyId,
        error: message,
        code,
      });
    }
  }

  /** Queues a reply behind any other reply of the same conversation (the lock's waiters keep their order). */
  function reply(job: PersonaReplyJob): Promise<void> {
    const next = run(job);
    pending.add(next);
    void next.finally(() => pending.delete(next));
    return next;
  }

  return {
    reply,

    /**
     * The persona answers the person's last message again (after a failed reply): nothing new is stored for
     * the person. Only the conversation's human participant may ask, only when the last message is theirs
     * and no reply is queued or being written; the reply spends from their AI budget like any other.
     */
    async regenerate(user: { id: string }, conversationId: string): Promise<{ conversationId: string }> {
      const conversation = isId(conversationId) ? await repo.findConversation(conversationId) : undefined;
      // Someone else's conversation is "not found", exactly like one that does not exist (as memory and forward).
      if (!conversation || (conversation.userLow !== user.id && conversation.userHigh !== user.id))
        throw new HttpError(404, REGENERATE_ERRORS.conversationNotFound);
      const { userLow, userHigh } = conversation;
      const persona = await accounts.findById(userLow === user.id ? userHigh : userLow);
      if (!persona || persona.isAi !== 1 || persona.isFrozen === 1)
        throw new HttpError(400, REGENERATE_ERRORS.notPersona);
      // A reply queued or being written, here or in another process, holds or waits for the conversation's lock.
      const free = await locks.tryAcquire(replyLock(conversation.id));
      if (!free) throw new HttpError(409, REGENERATE_ERRORS.inProgress);
      free.release();
      const [last] = await repo.page(conversation.id, undefined, 1);
      if (last?.senderId !== user.id) throw new HttpError(409, REGENERATE_ERRORS.nothingToAnswer);
      void reply({ conversationId: conversation.id, personaId: persona.id, userId: user.id });
      return { conversationId: conversation.id };
    },

    /** Settles once every reply queued or being written now has been stored or has failed. */
    async settled(): Promise<void> {
      await Promise.allSettled([...pending]);
    },

    /** The person's replies being written now, each with its text so far. */
    inProgress(userId: string): AiReplyInProgress[] {
      return [...writing.values()]
        .filter((live) => live.userId === userId)
        .map(({ conversationId, replyId, personaId, text }) => ({
          conversationId,
          replyId,
          personaId,
          text,
        }));
    },
  };
}

export type PersonaRepliesService = ReturnType<typeof personaRepliesService>;
