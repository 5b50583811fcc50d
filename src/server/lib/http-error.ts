import type { z } from 'zod';
import { ERRORS, type ErrorCode, type ErrorResponse } from '../../contracts/errors.js';

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

/** An error whose message is safe to show the user, with the HTTP status it maps to and its stable code. */
export class HttpError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: number,
    message: string,
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? codeForStatus(statusCode);
  }

  toResponse(): ErrorResponse {
    return { error: this.message, code: this.code };
  }
}

/** What a user may hear of any error: an HttpError's own words, anything else only that it failed. */
export function userFacingError(error: unknown): ErrorResponse {
  return error instanceof HttpError ? error.toResponse() : { error: ERRORS.internal, code: 'internal' };
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
