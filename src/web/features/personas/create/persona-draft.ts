import type { CardDraft, CreateAiRequest } from '../../../../contracts/personas.js';
import { PERSONA_LIMITS, RESERVED_USERNAMES, type CategoryTag } from '../../../../contracts/rules.js';
import type { PersonaRating } from '../../../../contracts/users.js';
import type { VoiceSettings } from '../../../../contracts/voices.js';
import {
  CREATE_LIMITS,
  fitField,
  type PersonaTexts,
} from '../../../components/persona-fields/persona-fields.js';

/** The Creator Studio form (SPEC §2 "Creator Studio"). */
export interface PersonaDraft extends PersonaTexts {
  username: string;
  tag: CategoryTag | '';
  /** An imported card's picture as a data URL, to become the profile picture; '' for none. */
  profilePic: string;
  /** General for a persona written here; '' for a card that did not say, so the person is asked. */
  rating: PersonaRating | '';
}

export type DraftErrors = Partial<Record<keyof PersonaDraft, string>>;

export const EMPTY_DRAFT: PersonaDraft = {
  name: '',
  username: '',
  bio: '',
  prompt: '',
  memory: '',
  openingMessage: '',
  tag: '',
  profilePic: '',
  rating: 'general',
};

/** SPEC §5: name, username, bio, prompt and category are required; the server says the rest. */
export function validateDraft(draft: PersonaDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.name.trim() === '') errors.name = 'Name is required';
  if (draft.username === '') errors.username = 'Username is required';
  else if (draft.username.length < 2) errors.username = 'Username must be at least 2 letters or digits';
  else if (RESERVED_USERNAMES.has(draft.username)) errors.username = 'That username is reserved';
  if (draft.bio.trim() === '') errors.bio = 'Bio is required';
  if (draft.prompt.trim() === '') errors.prompt = 'Prompt is required';
  if (draft.tag === '') errors.tag = 'Category is required';
  if (draft.rating === '') errors.rating = 'Choose a content rating';
  return errors;
}

/** A parsed character card in the form's shape, through the same filters and limits as typing. */
export function draftFromCard(card: CardDraft): PersonaDraft {
  const fit = (key: keyof typeof CREATE_LIMITS, raw: string) => fitField(key, '', raw, CREATE_LIMITS[key]);
  return {
    name: fit('name', card.name),
    username: fit('username', card.username),
    bio: fit('bio', card.bio),
    prompt: fit('prompt', card.prompt),
    memory: fit('memory', card.memory),
    openingMessage: fit('openingMessage', card.openingMessage),
    tag: card.tag,
    profilePic: card.profilePic,
    rating: card.rating ?? '',
  };
}

/** The createAI payload; only called once validateDraft passed, so the tag is set. */
export function toCreateRequest(
  draft: PersonaDraft,
  tag: CategoryTag,
  voice: VoiceSettings,
): CreateAiRequest {
  const { name, username, bio, prompt, memory, openingMessage, profilePic, rating } = draft;
  return {
    name,
    username,
    bio,
    prompt,
    memory,
    openingMessage,
    profilePic,
    tag,
    voice,
    rating: rating || 'general',
  };
}

/** SPEC §9: the loading animation ends after this long even if the call never answers. */
export const CREATE_FALLBACK_MS = PERSONA_LIMITS.createFallbackMs;
