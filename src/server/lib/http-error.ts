import type { z } from 'zod';

/** An error whose message is safe to show the user, with the HTTP status it maps to. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
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
