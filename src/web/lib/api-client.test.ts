import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { mockApi } from '../test/fetch-mock.js';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
  apiRequest,
  apiRequestWithHeaders,
  describeError,
  onUnauthorized,
} from './api-client.js';

const Ok = z.object({ ok: z.boolean() });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiRequest', () => {
  it('sends JSON with same-origin credentials and returns the validated answer', async () => {
    const { calls } = mockApi(() => ({ status: 200, body: { ok: true } }));
    const result = await apiRequest('/api/thing', { method: 'POST', body: { a: 1 }, schema: Ok });

    expect(result).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toEqual({ a: 1 });
    expect(calls[0]?.init?.credentials).toBe('same-origin');
    expect(calls[0]?.init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('turns an {error} answer into an ApiError with its status and message', async () => {
    mockApi(() => ({ status: 409, body: { error: 'That username is already taken' } }));
    const error = await failure(apiRequest('/api/users/signup', { method: 'POST', body: {}, schema: Ok }));
    expect(error.status).toBe(409);
    expect(error.message).toBe('That username is already taken');
    expect(describeError(error)).toBe('That username is already taken');
  });

  it('carries the stable code, and keeps the message when the code is one this build does not know', async () => {
    mockApi(() => ({ status: 429, body: { error: 'Wait a moment', code: 'ai_busy' } }));
    expect((await failure(apiRequest('/api/x', { schema: Ok }))).code).toBe('ai_busy');
    mockApi(() => ({ status: 429, body: { error: 'Wait a moment', code: 'from_the_future' } }));
    const unknown = await failure(apiRequest('/api/x', { schema: Ok }));
    expect(unknown.code).toBeUndefined();
    expect(unknown.message).toBe('Wait a moment');
  });

  it("carries the server's Retry-After, in seconds or as a date, in milliseconds", async () => {
    const busy = { error: 'The server is busy', code: 'server_busy' };
    mockApi(() => ({ status: 503, body: busy, headers: { 'Retry-After': '3' } }));
    expect((await failure(apiRequest('/api/x', { schema: Ok }))).retryAfterMs).toBe(3000);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    mockApi(() => ({ status: 503, body: busy, headers: { 'Retry-After': inTenSeconds } }));
    const dated = (await failure(apiRequest('/api/x', { schema: Ok }))).retryAfterMs;
    expect(dated).toBeGreaterThan(8000);
    expect(dated).toBeLessThanOrEqual(10_000);
    mockApi(() => ({ status: 503, body: busy }));
    expect((await failure(apiRequest('/api/x', { schema: Ok }))).retryAfterMs).toBeUndefined();
  });

  it('tells the session store about a lost session, not about wrong credentials at sign-in', async () => {
    const lost = vi.fn();
    const stop = onUnauthorized(lost);
    mockApi(() => ({
      status: 401,
      body: { error: 'Invalid username or password', code: 'bad_credentials' },
    }));
    await failure(apiRequest('/api/users/login', { method: 'POST', body: {}, schema: Ok }));
    expect(lost).not.toHaveBeenCalled();
    mockApi(() => ({ status: 401, body: { error: 'You need to sign in first', code: 'not_signed_in' } }));
    await failure(apiRequest('/api/users/me', { schema: Ok }));
    expect(lost).toHaveBeenCalledTimes(1);
    stop();
  });

  it('gives a readable message for a server error without a JSON body', async () => {
    mockApi(() => ({ status: 502 }));
    const error = await failure(apiRequest('/api/x', { schema: Ok }));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Something went wrong on our side. Please try again.');
  });

  it('names the status for a client error without a message', async () => {
    mockApi(() => ({ status: 404, body: { nope: true } }));
    const error = await failure(apiRequest('/api/x', { schema: Ok }));
    expect(error.message).toBe('Request failed (404)');
  });

  it('maps a network failure to a readable message with status 0', async () => {
    mockApi(() => 'network-error');
    const error = await failure(apiRequest('/api/x', { schema: Ok }));
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('refuses an answer that breaks the contract', async () => {
    mockApi(() => ({ status: 200, body: { ok: 'yes' } }));
    const error = await failure(apiRequest('/api/x', { schema: Ok }));
    expect(error.message).toBe(UNEXPECTED_RESPONSE_MESSAGE);
  });
});

describe('apiRequestWithHeaders', () => {
  it('returns the validated answer with the response headers', async () => {
    mockApi(() => ({ status: 200, body: { ok: true }, headers: { 'X-Next-Cursor': 'bob' } }));
    const answer = await apiRequestWithHeaders('/api/thing', { schema: Ok });
    expect(answer.data).toEqual({ ok: true });
    expect(answer.headers.get('x-next-cursor')).toBe('bob');
  });

  it('fails the same way apiRequest does', async () => {
    mockApi(() => ({ status: 400, body: { error: 'Search must be at most 100 characters' } }));
    const error = await failure(apiRequestWithHeaders('/api/thing', { schema: Ok }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Search must be at most 100 characters');
  });
});
