import type { z } from 'zod';
import { ErrorResponse } from '../../contracts/errors.js';

/** Shown when the browser could not reach the server at all. */
export const NETWORK_ERROR_MESSAGE = 'Network error: could not reach the server';
/** Shown when an answer does not match its contract (a deploy mismatch, a proxy page…). */
export const UNEXPECTED_RESPONSE_MESSAGE = 'The server sent an unexpected answer. Please try again.';

/** A failed API call: `status` is the HTTP status, or 0 when the server was not reached. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
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

function errorMessage(status: number, body: unknown): string {
  const parsed = ErrorResponse.safeParse(body);
  if (parsed.success && parsed.data.error.trim() !== '') return parsed.data.error;
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return `Request failed (${status})`;
}

/** A validated answer together with the response headers (for paging cursors and the like). */
export interface ApiAnswer<T> {
  data: T;
  headers: Headers;
}

/** Calls the JSON API and returns the answer validated by `schema` with its headers; throws ApiError on failure. */
export async function apiRequestWithHeaders<T>(
  path: string,
  options: RequestOptions<T>,
): Promise<ApiAnswer<T>> {
  const { method = 'GET', body, schema, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
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
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const payload = await readBody(response);
  if (!response.ok) {
    if (response.status === 401) unauthorizedListeners.forEach((listener) => listener());
    throw new ApiError(response.status, errorMessage(response.status, payload));
  }
  const parsed = schema.safeParse(payload);
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
