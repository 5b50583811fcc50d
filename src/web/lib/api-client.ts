import { z } from 'zod';
import { ErrorCode } from '../../contracts/errors.js';
import { noteServerReached, noteServerUnreachable } from './server-reach.js';

/** Shown when the browser could not reach the server at all. */
export const NETWORK_ERROR_MESSAGE = 'Network error: could not reach the server';
/** Shown when an answer does not match its contract (a deploy mismatch, a proxy page…). */
export const UNEXPECTED_RESPONSE_MESSAGE = 'The server sent an unexpected answer. Please try again.';

/**
 * A failed API call: `status` is the HTTP status, or 0 when the server was not reached; `code` is the
 * server's stable error code (absent when the answer carried none: a proxy page, a network failure).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  /** How long the server asked to wait before retrying (its Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, message: string, code?: ErrorCode, retryAfterMs?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfterMs = retryAfterMs;
  }

  /** True when the server was never reached (offline, DNS, refused connection). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Lets the session store hear about 401 answers without this module importing it,
 * so any expired or revoked session signs the user out on the client.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The contract the answer must satisfy; the parsed value is returned. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// Read loosely: a code this build does not know yet (a newer server) still leaves the message usable.
const ErrorBody = z.object({ error: z.string().trim().min(1), code: ErrorCode.optional().catch(undefined) });

/** Retry-After in milliseconds: seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The ApiError for a failed answer, from its { error, code } body when it has one. */
async function failedAnswer(response: Response): Promise<ApiError> {
  const parsed = ErrorBody.safeParse(await readBody(response));
  const retryAfter = retryAfterMs(response.headers.get('Retry-After'));
  if (parsed.success) return new ApiError(response.status, parsed.data.error, parsed.data.code, retryAfter);
  if (response.status >= 500)
    return new ApiError(response.status, 'Something went wrong on our side. Please try again.');
  return new ApiError(response.status, `Request failed (${response.status})`);
}

/** A validated answer together with the response headers (for paging cursors and the like). */
export interface ApiAnswer<T> {
  data: T;
  headers: Headers;
}

export interface FetchOptions {
  method?: RequestOptions<unknown>['method'];
  body?: unknown;
  /** What the caller reads from a successful answer; failures are always read as JSON. */
  accept?: string;
  signal?: AbortSignal;
}

/**
 * The one way the web reaches the API: same-origin credentials, JSON bodies, and every failure turned into
 * an ApiError (status 0 when the server was not reached; a 401 tells the session store). Resolves with the
 * successful response unread, for callers that stream it.
 */
export async function apiFetch(path: string, options: FetchOptions = {}): Promise<Response> {
  const { method = 'GET', body, accept = 'application/json', signal } = options;
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // Aborts are intentional (a query was cancelled); let them propagate unchanged.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    noteServerUnreachable();
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  noteServerReached();

  if (response.ok) return response;
  const error = await failedAnswer(response);
  // Wrong credentials at sign-in are not a lost session.
  if (response.status === 401 && error.code !== 'bad_credentials')
    unauthorizedListeners.forEach((listener) => listener());
  throw error;
}

/** Calls the JSON API and returns the answer validated by `schema` with its headers; throws ApiError on failure. */
export async function apiRequestWithHeaders<T>(
  path: string,
  options: RequestOptions<T>,
): Promise<ApiAnswer<T>> {
  const { schema, ...rest } = options;
  const response = await apiFetch(path, rest);
  const parsed = schema.safeParse(await readBody(response));
  if (!parsed.success) throw new ApiError(response.status, UNEXPECTED_RESPONSE_MESSAGE);
  return { data: parsed.data, headers: response.headers };
}

/** Calls the JSON API and returns the answer validated by `schema`; throws ApiError on failure. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  return (await apiRequestWithHeaders(path, options)).data;
}

/** A readable message for anything thrown by a query or mutation. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message !== '') return error.message;
  return 'Something went wrong. Please try again.';
}
