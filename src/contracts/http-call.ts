import { z } from 'zod';
import { ConversationMemory, MemoryItem, MemoryItemRequest } from './memory.js';
import { NEXT_CURSOR_HEADER } from './personas.js';

/*
 * How one call of the HTTP API is described (http-api.ts is the table of them): its access, schemas and answers,
 * and the builders the table's entries are written with.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One answer a call gives. */
export interface HttpAnswer {
  description: string;
  /** The body by media type: its schema, or 'binary' for a file; absent when the answer has no body. */
  content?: Readonly<Record<string, z.ZodType | 'binary'>>;
  /** Response headers the client reads, with what they carry. */
  headers?: Readonly<Record<string, string>>;
}

export interface HttpCall {
  summary: string;
  /**
   * `session`: only for a signed-in person (the session cookie); anyone else gets 401 before anything runs.
   * `moderator`: the same, and a signed-in person who is not a moderator gets 403 before anything runs.
   */
  access: 'public' | 'session' | 'moderator';
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answers by status; every other status answers with ErrorResponse (src/contracts/errors.ts). */
  answers: Readonly<Record<number, HttpAnswer>>;
}

/** A call's method and path as Fastify writes them: `PATCH /api/actions/updateAction/:id`. */
export type HttpCallKey = `${HttpMethod} /api/${string}`;

export const json = (description: string, schema: z.ZodType): HttpAnswer => ({
  description,
  content: { 'application/json': schema },
});
export const plainText = (description: string): HttpAnswer => ({
  description,
  content: { 'text/plain': z.string() },
});
export const pageOf = (description: string, schema: z.ZodType): HttpAnswer => ({
  ...json(description, schema),
  headers: { [NEXT_CURSOR_HEADER]: 'The cursor of the next page; absent on the last page.' },
});
export const NO_CONTENT: HttpAnswer = { description: 'Done; no body.' };

/** A call anyone may make. */
export const forAnyone = (summary: string, call: Omit<HttpCall, 'summary' | 'access'>): HttpCall => ({
  summary,
  access: 'public',
  ...call,
});
/** A call for signed-in people only. */
export const forSignedIn = (summary: string, call: Omit<HttpCall, 'summary' | 'access'>): HttpCall => ({
  summary,
  access: 'session',
  ...call,
});

/** A call for moderators only. */
export const forModerators = (summary: string, call: Omit<HttpCall, 'summary' | 'access'>): HttpCall => ({
  summary,
  access: 'moderator',
  ...call,
});

/** The method and the Fastify path of a table key. */
export function splitCallKey(key: HttpCallKey): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}

/** A persona's memory under `base`, a DM's or a room persona's: read it, add, reword and forget a fact. */
export function memoryCalls<B extends string>(base: B, whose: string) {
  return {
    [`GET ${base}`]: forSignedIn(`What ${whose}`, {
      answers: { 200: json('The memory', ConversationMemory) },
    }),
    [`POST ${base}`]: forSignedIn('Add a fact to remember', {
      body: MemoryItemRequest,
      answers: { 201: json('The fact', MemoryItem) },
    }),
    [`PATCH ${base}/:itemId`]: forSignedIn('Reword a remembered fact', {
      body: MemoryItemRequest,
      answers: { 200: json('The fact', MemoryItem) },
    }),
    [`DELETE ${base}/:itemId`]: forSignedIn('Forget a fact', { answers: { 204: NO_CONTENT } }),
  } as Record<`${HttpMethod} ${B}${string}`, HttpCall>;
}
