import { AI_ERRORS, WebLookupResponse } from '../../../../contracts/ai.js';
import { ApiError, NETWORK_ERROR_MESSAGE, apiFetch, apiRequest } from '../../../lib/api-client.js';

/** The stream broke after some text arrived; `partial` is what came before the break. */
export class AnswerCutOffError extends Error {
  readonly partial: string;

  constructor(partial: string) {
    super('The answer was cut off before it finished. What arrived is kept; press more to continue it.');
    this.name = 'AnswerCutOffError';
    this.partial = partial;
  }
}

/** True for the error a fetch or reader throws when its AbortController fires. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * POST /api/ai/getAI/stream: calls `onText` with the whole answer so far as each chunk arrives and
 * resolves with the full text. Refusals before the first chunk (busy, unavailable, failed) reject with
 * an ApiError carrying the server's message; an abort rejects with the AbortError.
 */
export async function streamAiAnswer(
  message: string,
  { signal, onText }: { signal: AbortSignal; onText: (text: string) => void },
): Promise<string> {
  const response = await apiFetch('/api/ai/getAI/stream', {
    method: 'POST',
    body: { message },
    accept: 'text/plain, application/json',
    signal,
  });

  let text = '';
  if (!response.body) {
    text = await response.text();
    onText(text);
    return text;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const chunk = decoder.decode(value, { stream: true });
      if (chunk) {
        text += chunk;
        onText(text);
      }
    }
    const rest = decoder.decode();
    if (rest) {
      text += rest;
      onText(text);
    }
  } catch (error) {
    if (isAbort(error) || signal.aborted) throw new DOMException('Aborted', 'AbortError');
    if (text) throw new AnswerCutOffError(text);
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  } finally {
    reader.releaseLock();
  }
  if (!text.trim()) throw new ApiError(502, AI_ERRORS.empty, 'ai_empty');
  return text;
}

/** POST /api/ai/web: the encyclopedia's intro for a phrase, or the AI's summary with a note why. */
export function lookUpPhrase(phrase: string, signal?: AbortSignal): Promise<WebLookupResponse> {
  return apiRequest('/api/ai/web', { method: 'POST', body: { phrase }, schema: WebLookupResponse, signal });
}
