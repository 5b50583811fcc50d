/**
 * Who takes part in the chat benchmark, and which load generator plays whom. A person's contacts always live
 * in the same generator, so a generator times every message and presence change it causes by its own clock.
 */
import type { Config } from '../../src/server/config.js';
import { seedPeople } from '../lib/seed.js';
import type { UserSpec } from './protocol.js';

/** Contacts of person i in the users-at-scale crowd: i ± g and i ± 2g, for g generators. */
const CONTACT_STEPS = [1, 2];

export interface Cast {
  /** The crowd for users at scale; the first `n` of them are the n-user level. */
  crowd: UserSpec[];
  /** Pairs writing to each other for saturation and past capacity (contacts[0] is the partner). */
  senders: UserSpec[];
}

/** Generator of crowd member i (and of sender pair p = i / 2). */
export function generatorOf(index: number, generators: number): number {
  return index % generators;
}

function crowdPairs(size: number, generators: number): Array<[number, number]> {
  return Array.from({ length: size }, (_, i) =>
    CONTACT_STEPS.map((k) => [i, i + k * generators] as [number, number]),
  )
    .flat()
    .filter(([, j]) => j < size);
}

function contactsOf(index: number, size: number, generators: number): number[] {
  return CONTACT_STEPS.flatMap((k) => [index - k * generators, index + k * generators]).filter(
    (j) => j >= 0 && j < size,
  );
}

/**
 * Seeds `crowdSize` people (with their contact conversations) plus `senderCount` paired senders into the
 * database the server will open, and returns everyone with their session cookie.
 */
export async function seedCast(
  database: Config['database'],
  crowdSize: number,
  senderCount: number,
  generators: number,
): Promise<Cast> {
  const senderPairs = Array.from(
    { length: senderCount / 2 },
    (_, p) => [crowdSize + 2 * p, crowdSize + 2 * p + 1] as [number, number],
  );
  const seeded = await seedPeople(database, crowdSize + senderCount, [
    ...crowdPairs(crowdSize, generators),
    ...senderPairs,
  ]);
  const idOf = (i: number) => seeded[i]?.userId ?? '';
  const crowd = seeded.slice(0, crowdSize).map((u, i) => ({
    userId: u.userId,
    cookie: u.cookie,
    contacts: contactsOf(i, crowdSize, generators).map(idOf),
  }));
  const senders = seeded.slice(crowdSize).map((u, i) => ({
    userId: u.userId,
    cookie: u.cookie,
    contacts: [idOf(crowdSize + (i ^ 1))],
  }));
  return { crowd, senders };
}

/** The same pairs for the bare relay, which knows people only by the id in their `bare=` cookie. */
export function bareSenders(count: number): UserSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    userId: `bare${i}`,
    cookie: `bare=bare${i}`,
    contacts: [`bare${i ^ 1}`],
  }));
}

/**
 * The members of `people` that generator `g` of `generators` plays; `first` is the index of people[0] in the
 * whole crowd, and senders go by pair.
 */
export function shareOf<T>(
  people: readonly T[],
  g: number,
  generators: number,
  { first = 0, byPair = false } = {},
): T[] {
  return people.filter((_, k) => generatorOf(byPair ? (first + k) >> 1 : first + k, generators) === g);
}
