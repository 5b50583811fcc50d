import type { AiLimits } from '../../config.js';
import { aiFailure, emptyAnswer } from './ai-errors.js';
import type { AiBudget } from './ai-budget.js';
import type { AiEngine, ChatTurn } from './engine.js';

export interface AiCall {
  userId: string;
  messages: ChatTurn[];
  /** Aborts when the caller goes away. */
  signal: AbortSignal;
}

/**
 * Rules around the engine for people's direct AI calls: the person's shared AI budget (one generation in
 * flight, a per-minute rate), an overall timeout and an output cap.
 */
export function aiService(engine: AiEngine, limits: AiLimits, budget: AiBudget) {
  const admit = (userId: string) => budget.admitNow(userId);

  function request(call: AiCall) {
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    const signal = AbortSignal.any([call.signal, timeout]);
    return { timeout, req: { messages: call.messages, maxOutputTokens: limits.maxOutputTokens, signal } };
  }

  return {
    engine,

    async answer(call: AiCall): Promise<string> {
      const release = await admit(call.userId);
      const { timeout, req } = request(call);
      try {
        const text = (await engine.generate(req)).trim();
        if (!text) throw emptyAnswer();
        return text;
      } catch (error) {
        throw aiFailure(error, timeout.aborted);
      } finally {
        release();
      }
    },

    /** Streams an answer; errors before the first chunk are thrown as HttpErrors, later ones end the stream. */
    async *streamAnswer(call: AiCall): AsyncGenerator<string> {
      const release = await admit(call.userId);
      const { timeout, req } = request(call);
      try {
        for await (const chunk of engine.stream(req)) yield chunk;
      } catch (error) {
        throw aiFailure(error, timeout.aborted);
      } finally {
        release();
      }
    },
  };
}

export type AiService = ReturnType<typeof aiService>;
