import type { Action } from '../../contracts/actions.js';
import type { Discussion, Seat, Turn } from '../../contracts/charioteer.js';
import type { DirectoryEntry } from '../../contracts/personas.js';
import { buildSelfUser } from './fixtures.js';
import { mockApi, type RecordedCall, type Reply } from './fetch-mock.js';

export const ME = buildSelfUser();

export function buildPersona(n: number, overrides: Partial<DirectoryEntry> = {}): DirectoryEntry {
  return {
    _id: `persona-${n}`,
    username: `bot${n}`,
    name: `Bot Number ${n}`,
    bio: 'A persona for tests.',
    tag: 'AI',
    createdByUsername: 'ada',
    profilePic: '',
    rating: 'general',
    ...overrides,
  };
}

export const PERSONAS = [1, 2, 3, 4, 5, 6].map((n) => buildPersona(n));

export const seatOf = (entry: DirectoryEntry): Seat => ({
  _id: entry._id,
  username: entry.username,
  name: entry.name,
  profilePic: entry.profilePic,
});

export function buildDiscussion(overrides: Partial<Discussion> = {}): Discussion {
  return {
    _id: 'disc-1',
    topic: 'Is tea better than coffee?',
    seats: PERSONAS.slice(0, 3).map(seatOf),
    status: 'running',
    nextSpeakerId: null,
    turnsLeft: 10,
    error: '',
    createdAt: '2024-05-07T10:00:00.000Z',
    updatedAt: '2024-05-07T10:00:00.000Z',
    ...overrides,
  };
}

export function buildTurn(overrides: Partial<Turn> = {}): Turn {
  return {
    _id: 'turn-1',
    discussionId: 'disc-1',
    speakerId: 'persona-1',
    speakerKind: 'persona',
    text: 'Tea, obviously.',
    cutShort: false,
    createdAt: '2024-05-07T10:00:01.000Z',
    ...overrides,
  };
}

interface ServerOptions {
  discussion?: Discussion;
  turns?: Turn[];
  list?: Discussion[];
  /** Answers a route differently (an error, say); return undefined to fall through. */
  override?: (call: RecordedCall) => Reply | undefined;
}

/** A fake Charioteer API around one discussion, plus the persona directory. */
export function fakeCharioteerServer(options: ServerOptions = {}) {
  let discussion = options.discussion ?? buildDiscussion();
  const turns = [...(options.turns ?? [])];
  const api = mockApi((call) => {
    const special = options.override?.(call);
    if (special) return special;
    const { method, path } = call;
    if (path.startsWith('/api/users/directory')) {
      const q = new URL(path, 'http://x').searchParams.get('q') ?? '';
      return { status: 200, body: PERSONAS.filter((p) => p.username.includes(q) || p.name.includes(q)) };
    }
    if (path === '/api/charioteer/discussions' && method === 'GET') {
      return { status: 200, body: options.list ?? [] };
    }
    if (path === '/api/charioteer/discussions' && method === 'POST') {
      return { status: 201, body: discussion };
    }
    const match = /^\/api\/charioteer\/discussions\/([^/]+)(?:\/(\w+))?$/.exec(path);
    if (match) {
      const action = match[2];
      const body = (call.body ?? {}) as Record<string, unknown>;
      switch (action) {
        case undefined:
          return { status: 200, body: { discussion, turns } };
        case 'pause':
          discussion = { ...discussion, status: 'paused' };
          return { status: 200, body: discussion };
        case 'resume':
          discussion = { ...discussion, status: 'running', turnsLeft: Number(body.turns ?? 10), error: '' };
          return { status: 200, body: discussion };
        case 'stop':
          discussion = { ...discussion, status: 'stopped' };
          return { status: 200, body: discussion };
        case 'next':
          discussion = { ...discussion, nextSpeakerId: String(body.personaId) };
          return { status: 200, body: discussion };
        case 'messages':
          return {
            status: 201,
            body: buildTurn({
              _id: 'turn-mine',
              speakerId: ME._id,
              speakerKind: 'user',
              text: String(body.text),
              createdAt: '2024-05-07T10:05:00.000Z',
            }),
          };
        case 'export': {
          const note: Action = {
            _id: 'note-1',
            userId: ME._id,
            type: 'note',
            title: 'Charioteer: Is tea better than cof',
            description: '',
            memory: 'transcript',
            pinned: false,
            createdAt: '2024-05-07T10:06:00.000Z',
            updatedAt: '2024-05-07T10:06:00.000Z',
          };
          return { status: 201, body: note };
        }
      }
    }
    return { status: 404, body: { error: `No fake for ${method} ${path}` } };
  });
  return { ...api, current: () => discussion };
}

/** The calls made to one path (and method). */
export function callsTo(calls: RecordedCall[], method: string, path: string): RecordedCall[] {
  return calls.filter((call) => call.method === method && call.path === path);
}
