import { WebLookupResponse } from '../../../../contracts/ai.js';
import { ErrorResponse } from '../../../../contracts/errors.js';
import { ApiError, NETWORK_ERROR_MESSAGE, apiRequest } from '../../../lib/api-client.js';
import { useSession } from '../../../lib/session-store.js';

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

async function failure(response: Response): Promise<ApiError> {
  if (response.status === 401) useSession.getState().signOut();
  let message =
    response.status >= 500 ? 'The AI service failed to answer. Please try again in a moment.' : '';
  try {
    const parsed = ErrorResponse.safeParse(JSON.parse(await response.text()));
    if (parsed.success && parsed.data.error.trim()) message = parsed.data.error;
  } catch {
    // Not JSON (a proxy page): keep the general message.
  }
  return new ApiError(response.status, message || `Request failed (${response.status})`);
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
  let response: Response;
  try {
    response = await fetch('/api/ai/getAI/stream', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/plain, application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ message }),
      signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw await failure(response);

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
  if (!text.trim()) throw new ApiError(502, 'The AI gave an empty answer. Please try again.');
  return text;
}

/** POST /api/ai/web: the encyclopedia's intro for a phrase, or the AI's summary with a note why. */
export function lookUpPhrase(phrase: string, signal?: AbortSignal): Promise<WebLookupResponse> {
  return apiRequest('/api/ai/web', { method: 'POST', body: { phrase }, schema: WebLookupResponse, signal });
}
