import { v7 as uuidv7 } from 'uuid';

/** New row ids: UUIDv7, time-ordered so indexes stay compact (DESIGN §4). */
export function newId(): string {
  return uuidv7();
}

/** Current time as stored in the database. */
export function nowIso(): string {
  return new Date().toISOString();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a route parameter looks like one of our ids (as opposed to a username). */
export function isId(value: string): boolean {
  return UUID.test(value);
}
