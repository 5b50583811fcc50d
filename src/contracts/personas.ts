import { z } from 'zod';
import {
  CATEGORY_TAGS,
  PERSONA_LIMITS,
  RESERVED_USERNAMES,
  filterPersonaName,
  filterPersonaText,
  filterPersonaUsername,
} from './rules.js';
import { PersonaRating, PublicUser } from './users.js';
import { DEFAULT_VOICE, VoiceSettings } from './voices.js';

/**
 * A persona's opening message becomes its first bubble, so it keeps only what a persona's replies may hold
 * (SPEC §5: letters, digits, whitespace and . ? , % '); anything else is dropped as it is typed.
 */
export function filterOpeningMessage(raw: string): string {
  return raw.replace(/[^\p{L}\p{N}\s.?,%']/gu, '');
}

const openingMessage = z
  .string()
  .transform((raw) => filterOpeningMessage(raw).trim())
  .pipe(
    z
      .string()
      .max(
        PERSONA_LIMITS.openingMessageMax,
        `Opening message must be at most ${PERSONA_LIMITS.openingMessageMax} characters`,
      ),
  );

/** A picture to store with a new persona: an image data URL (the uploads rule checks it) or '' for none. */
const newPicture = z
  .string()
  .refine((value) => value === '' || value.startsWith('data:image/'), 'profilePic must be an image data URL');

/**
 * The reserved account name that owns the starter personas. No account has it (nobody may sign up as it), so
 * the app credits these personas to the product itself rather than linking to a profile that does not exist.
 */
export const STARTER_CREATOR = 'simplified';
export const STARTER_CREATOR_LABEL = 'Simplified';

const tagMessage = `Category must be one of: ${CATEGORY_TAGS.join(', ')}`;

/** A text field run through a SPEC §5 filter, then checked for presence and length, naming the field. */
function filtered(label: string, filter: (raw: string) => string, max: number, required: boolean) {
  const base = z
    .string({ error: `${label} is required` })
    .transform((raw) => filter(raw).trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`));
  if (!required) return base;
  return base.pipe(z.string().min(1, `${label} is required`));
}

const tag = z.enum(CATEGORY_TAGS, { error: tagMessage });

const personaUsername = z
  .string({ error: 'Username is required' })
  .transform(filterPersonaUsername)
  .pipe(
    z
      .string()
      .min(2, 'Username must be at least 2 letters or digits')
      .max(PERSONA_LIMITS.usernameMax, `Username must be at most ${PERSONA_LIMITS.usernameMax} characters`)
      .refine((u) => !RESERVED_USERNAMES.has(u), 'That username is reserved'),
  );

/** POST /api/ai/createAI (SPEC §7). createdByUsername is accepted but ignored: the session decides. */
export const CreateAiRequest = z.object({
  name: filtered('Name', filterPersonaName, PERSONA_LIMITS.nameMax, true),
  username: personaUsername,
  bio: filtered('Bio', filterPersonaText, PERSONA_LIMITS.createBioMax, true),
  prompt: filtered('Prompt', filterPersonaText, PERSONA_LIMITS.createPromptMax, true),
  memory: filtered('Memory', filterPersonaText, PERSONA_LIMITS.memoryMax, false).default(''),
  tag,
  createdByUsername: z.string().optional(),
  /** Not in SPEC §7: what the persona says first when someone starts a conversation with it. */
  openingMessage: openingMessage.default(''),
  /** Not in SPEC §7: a profile picture for the persona, such as the picture of an imported card. */
  profilePic: newPicture.default(''),
  /** Not in SPEC §7: the voice its messages are read aloud in (SPEC §9's default when absent). */
  voice: VoiceSettings.default(DEFAULT_VOICE),
  /** Not in SPEC §7: its content rating, general unless said. */
  rating: PersonaRating.default('general'),
});
export type CreateAiRequest = z.input<typeof CreateAiRequest>;

/** PUT /api/users/updateAiFields (SPEC §7, limits from §5 "AI edit panel"). */
export const UpdateAiFieldsRequest = z.object({
  id: z.string({ error: 'id is required' }).min(1, 'id is required'),
  name: filtered('Name', filterPersonaName, PERSONA_LIMITS.editFieldMax, true),
  bio: filtered('Bio', filterPersonaText, PERSONA_LIMITS.editFieldMax, true),
  prompt: filtered('Prompt', filterPersonaText, PERSONA_LIMITS.editFieldMax, true),
  memory: filtered('Memory', filterPersonaText, PERSONA_LIMITS.memoryMax, false).default(''),
  tag,
  /** Left as it is when absent, so SPEC §7 callers that do not know the field keep it. */
  openingMessage: openingMessage.optional(),
  /** Likewise kept when absent. */
  voice: VoiceSettings.optional(),
  /** Likewise kept when absent. */
  rating: PersonaRating.optional(),
});
export type UpdateAiFieldsRequest = z.input<typeof UpdateAiFieldsRequest>;

/** One directory card (SPEC §7): never a prompt or memory. */
export const DirectoryEntry = PublicUser.pick({
  _id: true,
  username: true,
  name: true,
  bio: true,
  tag: true,
  createdByUsername: true,
  profilePic: true,
}).extend({ rating: PersonaRating });
export type DirectoryEntry = z.infer<typeof DirectoryEntry>;

export const DirectoryList = z.array(DirectoryEntry);

/** GET /api/users/directory query; the next page's cursor comes back in the X-Next-Cursor header. */
export const DirectoryQuery = z.object({
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  tag: z.enum(CATEGORY_TAGS, { error: tagMessage }).optional(),
  createdBy: z.string().trim().toLowerCase().max(60).optional(),
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(60),
});
export type DirectoryQuery = z.input<typeof DirectoryQuery>;

export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** A persona draft made from a character card, for the Creator Studio form to show before creating. */
export const CardDraft = z.object({
  name: z.string(),
  username: z.string(),
  bio: z.string(),
  prompt: z.string(),
  memory: z.string(),
  tag: z.enum(CATEGORY_TAGS),
  /** The card's first_mes, which the persona says first in each new conversation. */
  openingMessage: z.string(),
  /** A PNG card's picture (its text chunks removed) as a data URL, to become the profile picture; '' if none. */
  profilePic: z.string(),
  /** What had to change to fit our fields: cuts and removed characters, in plain words. */
  notes: z.array(z.string()),
  /** The card's rating when it carries one (an NSFW tag); absent, the form asks. */
  rating: PersonaRating.optional(),
});
export type CardDraft = z.infer<typeof CardDraft>;

/** POST /api/ai/cards/parse: a card file as a data URL (application/json or image/png). */
export const ParseCardRequest = z.object({
  file: z.string({ error: 'file is required' }).min(1, 'file is required'),
});

/** GET /api/ai/cards/:username: the creator's own persona as a Character Card V2 file, JSON or PNG. */
export const CardExportQuery = z.object({
  format: z.enum(['json', 'png'], { error: 'format must be json or png' }).default('json'),
});

/** The JSON form of an exported card: the community's Character Card V2, whose `data` fields are its own. */
export const ExportedCard = z.object({
  spec: z.literal('chara_card_v2'),
  spec_version: z.literal('2.0'),
  data: z.record(z.string(), z.unknown()),
});
