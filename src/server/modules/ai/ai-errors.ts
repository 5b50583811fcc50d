import { AI_ERRORS } from '../../../contracts/ai.js';
import { HttpError } from '../../lib/http-error.js';
import { AiUnavailableError } from './engine.js';

/** Why an AI call failed, as the user should hear it, with its stable code. Every feature that calls the AI uses it. */
export function aiFailure(error: unknown, timedOut: boolean): HttpError {
  if (error instanceof HttpError) return error;
  if (timedOut) return new HttpError(504, AI_ERRORS.timeout, 'ai_timeout');
  if (error instanceof AiUnavailableError) return new HttpError(503, error.message, 'ai_unavailable');
  return new HttpError(502, AI_ERRORS.failed, 'ai_failed');
}

/** The model answered with nothing usable (or only characters the SPEC §5 rule removes). */
export function emptyAnswer(): HttpError {
  return new HttpError(502, AI_ERRORS.empty, 'ai_empty');
}
