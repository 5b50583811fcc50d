import type { DirectoryEntry } from '../../contracts/personas.js';
import type { Reply } from './fetch-mock.js';
import { mockApi, type RecordedCall } from './fetch-mock.js';

let sequence = 0;

/** A directory card; override what a test cares about. */
export function buildEntry(overrides: Partial<DirectoryEntry> = {}): DirectoryEntry {
  sequence += 1;
  return {
    _id: `0190a0b0-2000-7000-8000-${String(sequence).padStart(12, '0')}`,
    username: `persona${sequence}`,
    name: `Persona ${sequence}`,
    bio: 'A helpful persona.',
    tag: 'AI',
    createdByUsername: 'simplified',
    profilePic: '',
    rating: 'general',
    ...overrides,
  };
}

/** The query string of a directory call, as an object (only the keys that were sent). */
export function directoryParams(call: RecordedCall): Record<string, string> {
  return Object.fromEntries(new URL(call.path, 'http://app.test').searchParams);
}

/**
 * Answers GET /api/users/directory like the server: filters by tag, createdBy and q, in pages of
 * `pageSize` with the next cursor in X-Next-Cursor. `override` answers first when it returns a reply.
 */
export function fakeDirectory(
  entries: DirectoryEntry[],
  {
    pageSize = 30,
    override,
  }: { pageSize?: number; override?: (call: RecordedCall) => Reply | undefined } = {},
) {
  return mockApi((call) => {
    const overridden = override?.(call);
    if (overridden) return overridden;
    if (!call.path.startsWith('/api/users/directory')) return { status: 404, body: { error: 'Not found' } };
    const { q, tag, createdBy, cursor } = directoryParams(call);
    const matches = [...entries]
      .sort((a, b) => a.username.localeCompare(b.username))
      .filter((e) => !tag || e.tag === tag)
      .filter((e) => !createdBy || e.createdByUsername === createdBy)
      .filter((e) => !q || `${e.name} ${e.username} ${e.bio}`.toLowerCase().includes(q.toLowerCase()))
      .filter((e) => !cursor || e.username > cursor);
    const page = matches.slice(0, pageSize);
    const last = page.at(-1);
    const headers: Record<string, string> =
      matches.length > pageSize && last ? { 'X-Next-Cursor': last.username } : {};
    return { status: 200, body: page, headers };
  });
}
