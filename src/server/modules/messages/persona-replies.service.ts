import type { FastifyBaseLogger } from 'fastify';
import { filterAiReply } from '../../../contracts/rules.js';
import type { AiLimits } from '../../config.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { AiBudget, ReleaseAi } from '../ai/ai-budget.js';
import { aiFailure, emptyAnswer } from '../ai/ai-errors.js';
import { describeAiError, type AiEngine } from '../ai/engine.js';
import { buildPersonaPrompt } from '../ai/persona-prompt.js';
import { leakGuardFor, PRIVATE_PROMPT_REFUSAL } from '../ai/prompt-leak-guard.js';
import { toMessage } from './message-view.js';
import type { MessagesRepository } from './messages.repository.js';

/** How many recent messages a reply may consider before the character budget trims them. */
const HISTORY_MESSAGES = 40;

export interface PersonaReplyJob {
  conversationId: string;
  personaId: string;
  userId: string;
}

/**
 * A persona answers a person's message: streamed to every tab of that person as it is generated,
 * stored only when complete (with the SPEC §5 character rule), one reply at a time per conversation.
 */
export function personaRepliesService(deps: {
  engine: AiEngine;
  /** The person's AI budget: a reply is one of their generations, queued behind any other. */
  budget: AiBudget;
  limits: AiLimits;
  repo: MessagesRepository;
  accounts: AccountsRepository;
  emitter: RealtimeEmitter;
  log: FastifyBaseLogger;
}) {
  const { engine, budget, limits, repo, accounts, emitter, log } = deps;
  const queues = new Map<string, Promise<void>>();

  async function run(job: PersonaReplyJob): Promise<void> {
    const replyId = newId();
    const to = [job.userId];
    let release: ReleaseAi;
    try {
      release = await budget.admitQueued(job.userId);
    } catch (error) {
      // Out of budget: said in the chat, with when to try again, never dropped silently.
      const { message, code } = aiFailure(error, false);
      emitter.toUsers(to, 'aiReplyError', {
        conversationId: job.conversationId,
        replyId,
        error: message,
        code,
      });
      return;
    }
    try {
      await generate(job, replyId);
    } finally {
      release();
    }
  }

  async function generate(job: PersonaReplyJob, replyId: string): Promise<void> {
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
      const guard = leakGuardFor(persona, viewer?.username);
      const history = await repo.recentForAi(conversation, HISTORY_MESSAGES);
      const messages = buildPersonaPrompt(
        persona,
        history.map((m) => ({ senderId: m.senderId, text: m.text })),
        conversation.context,
      );
      let text = '';
      for await (const delta of engine.stream({
        messages,
        maxOutputTokens: limits.maxOutputTokens,
        signal: timeout,
      })) {
        text += delta;
        const shown = guard ? guard.push(delta) : delta;
        if (shown)
          emitter.toUsers(to, 'aiReplyDelta', { conversationId: job.conversationId, replyId, delta: shown });
        // Leaving the loop stops the generation upstream.
        if (guard?.leaked) break;
      }
      const rest = guard?.finish();
      if (rest)
        emitter.toUsers(to, 'aiReplyDelta', { conversationId: job.conversationId, replyId, delta: rest });
      const reply = guard?.leaked ? PRIVATE_PROMPT_REFUSAL : filterAiReply(text).trim();
      if (!reply) throw emptyAnswer();
      const row = {
        id: replyId,
        conversationId: job.conversationId,
        senderId: persona.id,
        text: reply,
        createdAt: nowIso(),
      };
      await repo.transaction(async (trx) => {
        await repo.insertMessage(row, trx);
        await repo.setLatest(job.conversationId, reply, persona.id, row.createdAt, trx);
      });
      emitter.toUsers(to, 'newMessage', toMessage({ ...row, seen: 0 }));
    } catch (error) {
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

  return {
    /** Queues a reply behind any other reply of the same conversation. */
    reply(job: PersonaReplyJob): Promise<void> {
      const previous = queues.get(job.conversationId) ?? Promise.resolve();
      const next = previous.then(() => run(job));
      queues.set(job.conversationId, next);
      void next.finally(() => {
        if (queues.get(job.conversationId) === next) queues.delete(job.conversationId);
      });
      return next;
    },
  };
}

export type PersonaRepliesService = ReturnType<typeof personaRepliesService>;
