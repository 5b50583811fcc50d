import type { z } from 'zod';
import { ERRORS, type ErrorCode, type ErrorResponse, type Refusal } from '../../contracts/errors.js';

/** The code a status stands for when nothing more specific is known. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'not_signed_in';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'internal';
  return 'invalid_input';
}

/** The statuses an HttpError is built with, but 429, which must say when to try again. */
type HttpStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 500 | 502 | 503 | 504;

/** Retry-After in whole seconds (at least 1) for a wait in milliseconds. */
export const retryAfterSeconds = (waitMs: number): number => Math.max(1, Math.ceil(waitMs / 1000));

/**
 * An error whose message is safe to show the user, with the HTTP status it maps to and its stable code. A 429
 * cannot be built without the wait until a retry may succeed: it leaves as Retry-After (HTTP) or
 * `retryAfterMs` (sockets).
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly retryAfterMs: number | undefined;

  constructor(statusCode: HttpStatus, message: string, code?: ErrorCode);
  constructor(statusCode: 429, message: string, code: ErrorCode, retryAfterMs: number);
  constructor(statusCode: HttpStatus | 429, message: string, code?: ErrorCode, retryAfterMs?: number) {
    super(message);
    this.statusCode = statusCode;
    this.code = code ?? codeForStatus(statusCode);
    this.retryAfterMs = retryAfterMs === undefined ? undefined : retryAfterSeconds(retryAfterMs) * 1000;
  }

  toResponse(): ErrorResponse {
    return { error: this.message, code: this.code };
  }
}

/** What a user may hear of any error: an HttpError's own words (and when to retry), anything else only that it failed. */
export function userFacingError(error: unknown): Refusal {
  if (!(error instanceof HttpError)) return { error: ERRORS.internal, code: 'internal' };
  const { retryAfterMs } = error;
  return retryAfterMs === undefined ? error.toResponse() : { ...error.toResponse(), retryAfterMs };
}

/** Validates input with a contract schema; the first problem becomes a 400 naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  const message = issue?.message ?? 'Invalid request';
  // zod's own wording ("Invalid input: expected string…") means little to a user; name the field with it.
  const generic = message.startsWith('Invalid');
  throw new HttpError(400, generic && field ? `${field}: ${message}` : message);
}
