import { filterOpeningMessage } from '../../../contracts/personas.js';
import {
  CATEGORY_TAGS,
  PERSONA_LIMITS,
  filterPersonaName,
  filterPersonaText,
  filterPersonaUsername,
  type CategoryTag,
} from '../../../contracts/rules.js';

/** A persona's editable text fields, as the Creator Studio and the edit panel hold them. */
export interface PersonaTexts {
  name: string;
  bio: string;
  prompt: string;
  memory: string;
  /** Said first in each new conversation with the persona; private to its creator until then. */
  openingMessage: string;
}

export type PersonaTextKey = keyof PersonaTexts | 'username';

/** The same filters the server applies (SPEC §5), run as people type so nothing changes on save. */
export const FIELD_FILTERS: Record<PersonaTextKey, (raw: string) => string> = {
  name: filterPersonaName,
  username: filterPersonaUsername,
  bio: filterPersonaText,
  prompt: filterPersonaText,
  memory: filterPersonaText,
  openingMessage: filterOpeningMessage,
};

/** SPEC §5 "Create AI" limits (name and username as the server's contract has them). */
export const CREATE_LIMITS: Record<PersonaTextKey, number> = {
  name: PERSONA_LIMITS.nameMax,
  username: PERSONA_LIMITS.usernameMax,
  bio: PERSONA_LIMITS.createBioMax,
  prompt: PERSONA_LIMITS.createPromptMax,
  memory: PERSONA_LIMITS.memoryMax,
  openingMessage: PERSONA_LIMITS.openingMessageMax,
};

/** SPEC §5 "AI edit panel" limits: name, bio and prompt 1000, memory 10000. */
export const EDIT_LIMITS: Record<keyof PersonaTexts, number> = {
  name: PERSONA_LIMITS.editFieldMax,
  bio: PERSONA_LIMITS.editFieldMax,
  prompt: PERSONA_LIMITS.editFieldMax,
  memory: PERSONA_LIMITS.memoryMax,
  openingMessage: PERSONA_LIMITS.openingMessageMax,
};

/**
 * Keeps typing within `max`. Text that is already over it (a bio written under the larger create
 * limit, opened in the edit panel) is never cut by surprise: it may only shrink until it fits.
 */
export function limitInput(previous: string, next: string, max: number): string {
  if (next.length <= max) return next;
  if (previous.length > max) return next.length < previous.length ? next : previous;
  return next.slice(0, max);
}

/** Filters then limits one keystroke's worth of change. */
export function fitField(key: PersonaTextKey, previous: string, raw: string, max: number): string {
  return limitInput(previous, FIELD_FILTERS[key](raw), max);
}

export function isCategoryTag(value: string): value is CategoryTag {
  return (CATEGORY_TAGS as readonly string[]).includes(value);
}

/** Said beside the prompt wherever it is written: hidden in the app is not hidden from the model's replies. */
export const PROMPT_PRIVACY_NOTE =
  'Only you can read the prompt and memory here, but they shape every reply, and people chatting with it can sometimes coax them out of the model: keep secrets out.';
