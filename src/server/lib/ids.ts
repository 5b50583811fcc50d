import { randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

// Random bytes for 256 ids at a time: uuid asks the system for 16 bytes per id, which cost about 3 µs, and a
// message makes three ids (about 8 % of its CPU, decision 025). Node's randomUUID pools the same way.
const POOL_IDS = 256;
const pool = new Uint8Array(16 * POOL_IDS);
let next = POOL_IDS;
const clock = { msecs: -Infinity, seq: 0 };

function randomBytes16(): Uint8Array {
  if (next === POOL_IDS) {
    randomFillSync(pool);
    next = 0;
  }
  next += 1;
  return pool.subarray(16 * (next - 1), 16 * next);
}

/**
 * New row ids: UUIDv7, time-ordered so indexes stay compact (DESIGN §4), and increasing within this process
 * even inside one millisecond (a counter seeded from the random bits, RFC 9562 §6.2 method 1, as uuid does).
 */
export function newId(): string {
  const random = randomBytes16();
  const now = Date.now();
  if (now > clock.msecs) {
    clock.msecs = now;
    clock.seq =
      (((random[6] ?? 0) & 0x7f) << 24) |
      ((random[7] ?? 0) << 16) |
      ((random[8] ?? 0) << 8) |
      (random[9] ?? 0);
  } else {
    clock.seq = (clock.seq + 1) | 0;
    if (clock.seq === 0) clock.msecs += 1;
  }
  return uuidv7({ random, msecs: clock.msecs, seq: clock.seq });
}

let isoMs = Number.NaN;
let iso = '';

/**
 * Current time as stored in the database. Formatted once a millisecond: a busy chat stores several messages
 * in each, and `toISOString` cost 1–2 µs of a message's CPU in the profile (decision 025).
 */
export function nowIso(): string {
  const ms = Date.now();
  if (ms !== isoMs) {
    isoMs = ms;
    iso = new Date(ms).toISOString();
  }
  return iso;
}

/** The columns every new row starts with: a fresh id, created and last updated now. */
export function newRow(): { id: string; createdAt: string; updatedAt: string } {
  const now = nowIso();
  return { id: newId(), createdAt: now, updatedAt: now };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a route parameter looks like one of our ids (as opposed to a username). */
export function isId(value: string): boolean {
  return UUID.test(value);
}
