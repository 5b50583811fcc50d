import type { LanguageModelV3, LanguageModelV3Prompt } from '@ai-sdk/provider';
import { generateText } from 'ai';
import type { AiEngine, ChatTurn } from './engine.js';

/** The system turns joined first, as the SDK's own calls send them (some providers reject system turns elsewhere). */
function systemOf(messages: ChatTurn[]): string | undefined {
  return (
    messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n\n') || undefined
  );
}

/** The request as the provider interface takes it: the system turn, then the conversation's text turns. */
function promptOf(messages: ChatTurn[]): LanguageModelV3Prompt {
  const system = systemOf(messages);
  const turns: LanguageModelV3Prompt = messages.flatMap((m) =>
    m.role === 'system' ? [] : [{ role: m.role, content: [{ type: 'text' as const, text: m.content }] }],
  );
  return system === undefined ? turns : [{ role: 'system', content: system }, ...turns];
}

/** A hosted or self-hosted provider through the Vercel AI SDK; the provider object decides the wire format. */
export function createSdkEngine(model: LanguageModelV3, provider: string): AiEngine {
  return {
    status: () => ({ state: 'ready', provider }),

    async generate(request) {
      const result = await generateText({
        model,
        system: systemOf(request.messages),
        messages: request.messages.filter((m) => m.role !== 'system'),
        maxOutputTokens: request.maxOutputTokens,
        temperature: request.temperature,
        abortSignal: request.signal,
        // Retries would hide a failing provider behind long waits; the user can ask again.
        maxRetries: 0,
      });
      return result.text;
    },

    /**
     * Straight from the provider's stream, not through `streamText`: its pipeline for tools, steps and
     * telemetry (none used here) cost more than half of the relay's CPU per streamed token and added its
     * hops to every token's way (decision 026). The provider still speaks the wire
     * format, parses and validates every chunk; nothing retries, as with `maxRetries: 0` before.
     */
    async *stream(request) {
      const { stream } = await model.doStream({
        prompt: promptOf(request.messages),
        maxOutputTokens: request.maxOutputTokens,
        temperature: request.temperature,
        abortSignal: request.signal,
      });
      const reader = stream.getReader();
      let done = false;
      try {
        while (!done) {
          const next = await reader.read();
          done = next.done;
          const part = next.value;
          if (part?.type === 'text-delta') yield part.delta;
          // Errors must reach the caller instead of ending the text quietly.
          else if (part?.type === 'error')
            throw part.error instanceof Error ? part.error : new Error(String(part.error));
        }
      } finally {
        // A caller that stops reading (a closed tab) stops the provider's answer too.
        if (!done) await reader.cancel().catch(() => undefined);
      }
      // An abort can end the provider's stream without an error part; it is not a complete answer.
      request.signal?.throwIfAborted();
    },

    close: async () => {},
  };
}
