import { z } from 'zod';
import { filterPersonaText } from '../../../../contracts/rules.js';

/**
 * Character Card V1 (TavernAI), V2 (malfoyslastname/character-card-spec-v2) and V3
 * (kwaroran/character-card-spec-v3). Cards in the wild are hand-edited and written by many apps, so the
 * schemas are lenient: unknown fields pass through, and a missing or mistyped text field reads as ''.
 * Only the name and the card's overall shape are required.
 */

const text = z.string().catch('');
const strings = z
  .array(z.unknown())
  .catch([])
  .transform((items) => items.filter((item): item is string => typeof item === 'string'));
const record = z.record(z.string(), z.unknown()).catch({});

const v1Fields = {
  name: z.string(),
  description: text,
  personality: text,
  scenario: text,
  first_mes: text,
  mes_example: text,
};

/** V1 is flat. Some V1 exporters add tags, a creator and "creatorcomment" (the later creator_notes). */
const V1Card = z.looseObject({
  ...v1Fields,
  creatorcomment: text,
  creator_notes: text,
  tags: strings,
  creator: text,
});

const V2Data = z.looseObject({
  ...v1Fields,
  creator_notes: text,
  system_prompt: text,
  post_history_instructions: text,
  alternate_greetings: strings,
  character_book: z.unknown().optional(),
  tags: strings,
  creator: text,
  character_version: text,
  extensions: record,
});

const V2Card = z.looseObject({ spec: z.literal('chara_card_v2'), data: V2Data });

/** V3 adds, among others, a nickname used for {{char}}, group-only greetings and assets. */
const V3Card = z.looseObject({
  spec: z.literal('chara_card_v3'),
  data: V2Data.extend({ nickname: text, group_only_greetings: strings }),
});

/** One shape for every card version, so the mapping to a persona is written once. */
export interface CardData {
  version: 1 | 2 | 3;
  name: string;
  /** V3: the name {{char}} stands for when set; '' otherwise. */
  nickname: string;
  description: string;
  personality: string;
  scenario: string;
  firstMessage: string;
  exampleMessages: string;
  creatorNotes: string;
  systemPrompt: string;
  postHistoryInstructions: string;
  alternateGreetings: string[];
  groupOnlyGreetings: string[];
  tags: string[];
  creator: string;
  characterVersion: string;
  hasLorebook: boolean;
  extensions: Record<string, unknown>;
}

type V2DataParsed = z.infer<typeof V2Data>;

function fromV2Data(version: 2 | 3, data: V2DataParsed, nickname: string, groupOnly: string[]): CardData {
  return {
    version,
    name: data.name,
    nickname,
    description: data.description,
    personality: data.personality,
    scenario: data.scenario,
    firstMessage: data.first_mes,
    exampleMessages: data.mes_example,
    creatorNotes: data.creator_notes,
    systemPrompt: data.system_prompt,
    postHistoryInstructions: data.post_history_instructions,
    alternateGreetings: data.alternate_greetings,
    groupOnlyGreetings: groupOnly,
    tags: data.tags,
    creator: data.creator,
    characterVersion: data.character_version,
    hasLorebook: typeof data.character_book === 'object' && data.character_book !== null,
    extensions: data.extensions,
  };
}

/** A bare object with a name is not yet a card (package.json has one); V1 also needs a card text field. */
function looksLikeV1(json: unknown): boolean {
  if (typeof json !== 'object' || json === null) return false;
  return ['description', 'personality', 'first_mes'].some(
    (key) => typeof (json as Record<string, unknown>)[key] === 'string',
  );
}

/** Reads any supported card version into CardData, or null when the JSON is not a character card. */
export function parseCard(json: unknown): CardData | null {
  const v3 = V3Card.safeParse(json);
  if (v3.success)
    return fromV2Data(3, v3.data.data, v3.data.data.nickname, v3.data.data.group_only_greetings);
  const v2 = V2Card.safeParse(json);
  if (v2.success) return fromV2Data(2, v2.data.data, '', []);
  if (!looksLikeV1(json)) return null;
  const v1 = V1Card.safeParse(json);
  if (!v1.success) return null;
  const card = v1.data;
  return {
    ...fromV2Data(2, V2Data.parse(card), '', []),
    version: 1,
    creatorNotes: card.creator_notes || card.creatorcomment,
  };
}

/** What Simplified itself stores in data.extensions.simplified on export, so a re-import is exact. */
export const SimplifiedExtension = z.object({
  username: text,
  tag: text,
  bio: text,
  memory: text,
  /** Written since ratings exist; cards exported before carry none. */
  rating: z.enum(['general', 'mature']).optional(),
});
export type SimplifiedExtension = z.infer<typeof SimplifiedExtension>;

/** The Simplified extension of a card, or null when the card came from another app. */
export function readSimplifiedExtension(card: CardData): SimplifiedExtension | null {
  const parsed = SimplifiedExtension.safeParse(card.extensions['simplified']);
  return parsed.success ? parsed.data : null;
}

const codePoints = (text: string) => Array.from(text).length;

/**
 * Turns card text into persona text: expands the card macros ({{char}} and <BOT> are the character,
 * {{user}} and <USER> whoever is chatting; {{original}} and the <START> separator mean nothing here),
 * applies a SPEC §5 text filter (the persona text one unless told) and tidies what it leaves. It counts what the filter drops, for the notes.
 */
export function cardTextCleaner(charName: string): {
  clean: (raw: string, filter?: (text: string) => string) => string;
  removed: () => number;
} {
  let removed = 0;
  const clean = (raw: string, filter = filterPersonaText) => {
    const expanded = raw
      .replace(/\r\n?/g, '\n')
      .replace(/\{\{char\}\}|<bot>/gi, () => charName) // a function, so a "$&" in the name stays literal
      .replace(/\{\{user\}\}|<user>/gi, 'the user')
      .replace(/\{\{original\}\}|<start>/gi, '');
    const filtered = filter(expanded);
    removed += codePoints(expanded) - codePoints(filtered);
    return tidy(filtered);
  };
  return { clean, removed: () => removed };
}

/** Tidies what the filters leave behind: runs of spaces, blank-padded lines, piles of empty lines. */
export function tidy(text: string): string {
  return text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Cuts at the last space before `max` (when one is reasonably near), never inside a surrogate pair. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  const space = cut.search(/\s\S*$/);
  if (space > max * 0.8) cut = cut.slice(0, space);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd();
}
