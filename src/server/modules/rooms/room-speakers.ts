import { mentionedUsernames, type ReplyMode } from '../../../contracts/rooms.js';

/** A persona that may speak in the room now (present, not benched, not frozen), in the order it joined. */
export interface Voice {
  id: string;
  username: string;
  name: string;
}

/** What the choice looks at: the room's speaking personas and who of them spoke lately. */
export interface Floor {
  mode: ReplyMode;
  voices: readonly Voice[];
  /** Persona ids of the room's recent messages, oldest first (a person's message is not in it). */
  recentSpeakers: readonly string[];
}

/** The personas a text @names, among those who may speak, in the order named. */
export function mentionedVoices(text: string, voices: readonly Voice[]): Voice[] {
  return mentionedUsernames(text)
    .map((username) => voices.find((voice) => voice.username === username))
    .filter((voice): voice is Voice => voice !== undefined);
}

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []);

/**
 * The persona to answer next when nobody was @named: one the text names (by name or username, without @),
 * else the one whose turn it is (spoke least lately; never spoke counts as longest ago). Never `notAgain` (the
 * persona that spoke last) unless it is the only one.
 */
export function nextVoice(text: string, floor: Floor, notAgain: string | undefined): Voice | undefined {
  const candidates = floor.voices.filter((voice) => voice.id !== notAgain);
  if (candidates.length === 0) return floor.voices.length === 1 ? floor.voices[0] : undefined;
  const words = wordsOf(text);
  const named = candidates.find(
    (voice) => words.has(voice.username) || [...wordsOf(voice.name)].every((word) => words.has(word)),
  );
  if (named) return named;
  const lastSpoke = (voice: Voice) => floor.recentSpeakers.lastIndexOf(voice.id);
  return candidates.reduce((best, voice) => (lastSpoke(voice) < lastSpoke(best) ? voice : best));
}

/**
 * Who answers a person's message first, and who else the message itself asks for: in `mentioned` mode every
 * @named persona, in turn (nobody when none is named); otherwise the first @named one, else `nextVoice`.
 */
export function answerersOf(text: string, floor: Floor): Voice[] {
  const mentioned = mentionedVoices(text, floor.voices);
  if (floor.mode === 'mentioned') return mentioned;
  const lastPersona = floor.recentSpeakers[floor.recentSpeakers.length - 1];
  const first = mentioned[0] ?? nextVoice(text, floor, lastPersona);
  return first ? [first] : [];
}

/**
 * In free mode, who answers the persona that just spoke: one it @named, else the next whose turn it is; never
 * itself. Undefined when nobody else may speak.
 */
export function followerOf(spoken: { speakerId: string; text: string }, floor: Floor): Voice | undefined {
  const others = floor.voices.filter((voice) => voice.id !== spoken.speakerId);
  if (others.length === 0) return undefined;
  return (
    mentionedVoices(spoken.text, others)[0] ?? nextVoice(spoken.text, { ...floor, voices: others }, undefined)
  );
}
