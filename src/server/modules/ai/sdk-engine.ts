import { generateText, streamText, type LanguageModel } from 'ai';
import type { AiEngine, GenerateRequest } from './engine.js';

/** A hosted or self-hosted provider through the Vercel AI SDK; the provider object decides the wire format. */
export function createSdkEngine(model: LanguageModel, provider: string): AiEngine {
  // The system turn goes in `system`: the SDK warns about (and some providers reject) system messages in the list.
  const options = (request: GenerateRequest) => ({
    model,
    system:
      request.messages
        .filter((m) => m.role === 'system')
        .map((m) => m.content)
        .join('\n\n') || undefined,
    messages: request.messages.filter((m) => m.role !== 'system'),
    maxOutputTokens: request.maxOutputTokens,
    temperature: request.temperature,
    abortSignal: request.signal,
    // Retries would hide a failing provider behind long waits; the user can ask again.
    maxRetries: 0,
  });

  return {
    status: () => ({ state: 'ready', provider }),

    async generate(request) {
      const result = await generateText(options(request));
      return result.text;
    },

    async *stream(request) {
      const result = streamText({ ...options(request), onError: () => {} });
      // fullStream, not textStream: errors and aborts must reach the caller instead of ending the text quietly.
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') yield part.text;
        else if (part.type === 'error')
          throw part.error instanceof Error ? part.error : new Error(String(part.error));
        else if (part.type === 'abort') throw new DOMException('The AI request was cancelled', 'AbortError');
      }
    },

    close: async () => {},
  };
}
