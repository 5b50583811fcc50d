import { randomInt } from 'node:crypto';
import {
  CATEGORY_TAGS,
  PERSONA_LIMITS,
  RESERVED_USERNAMES,
  filterPersonaName,
  filterPersonaUsername,
  type CategoryTag,
} from '../../../../contracts/rules.js';
import { filterOpeningMessage, type CardDraft } from '../../../../contracts/personas.js';
import { cardTextCleaner, cutAtWord, parseCard, readSimplifiedExtension } from './card-format.js';
import { cardPicture } from './card-picture.js';
import { PNG_SIGNATURE, PngError, PngTextTooLarge, readChunks, readTextChunks } from './png-chunks.js';

/** A problem with an uploaded card, worded for the person who uploaded it. */
export class CardError extends Error {}

export const CARD_FILE_MAX_BYTES = 5 * 1024 * 1024;

export const CARD_ERRORS = {
  notDataUrl: 'The card must be sent as a base64 data URL',
  type: 'Upload a character card as a PNG image or a JSON file',
  tooLarge: 'The card file must be 5 MB or smaller',
  textTooLarge: 'The character card in this PNG is too large to import',
  notPng: 'This file is not a PNG image',
  damagedPng: 'This PNG file is damaged or incomplete',
  noCard: 'This PNG has no character card in it',
  notJson: 'The card is not valid JSON',
  notCard: 'This file is not a character card',
} as const;

// octet-stream and text/plain: browsers label .json files inconsistently, so the bytes decide.
const JSON_TYPES = new Set(['application/json', 'text/json', 'text/plain', 'application/octet-stream']);
const DATA_URL = /^data:([^,;]*)(?:;[^,;]*)*;base64,(.*)$/is;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

function fromBase64(payload: string, error: string): Buffer {
  const compact = payload.replace(/\s+/g, '');
  if (!BASE64.test(compact)) throw new CardError(error);
  return Buffer.from(compact, 'base64');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new CardError(CARD_ERRORS.notJson);
  }
}

/** A chunk's card payload: base64 of UTF-8 JSON per the specs; a few old tools stored the JSON itself. */
function parseChunkPayload(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return parseJson(trimmed);
  return parseJson(fromBase64(trimmed, CARD_ERRORS.notJson).toString('utf8'));
}

/** The card JSON in a PNG: `ccv3` wins over `chara`, as the V3 spec says, unless it is unreadable. */
async function cardFromPng(bytes: Buffer): Promise<unknown> {
  if (!bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) throw new CardError(CARD_ERRORS.notPng);
  let texts;
  try {
    texts = await readTextChunks(readChunks(bytes), ['ccv3', 'chara']);
  } catch (error) {
    if (error instanceof PngTextTooLarge) throw new CardError(CARD_ERRORS.textTooLarge);
    if (error instanceof PngError) throw new CardError(CARD_ERRORS.damagedPng);
    throw error;
  }
  const find = (keyword: string) => texts.find((t) => t.keyword.toLowerCase() === keyword)?.text;
  const v3 = find('ccv3');
  const v2 = find('chara');
  if (v3 !== undefined) {
    try {
      return parseChunkPayload(v3);
    } catch (error) {
      if (v2 === undefined) throw error;
    }
  }
  if (v2 === undefined) throw new CardError(CARD_ERRORS.noCard);
  return parseChunkPayload(v2);
}

/** An uploaded card: its raw JSON, and the PNG it came in (whose picture the persona may take), if any. */
export interface DecodedCard {
  json: unknown;
  png: Buffer | null;
}

/**
 * Decodes an uploaded card file (a data URL of a JSON file or a PNG card) into its raw JSON, which
 * cardToDraft then checks and maps. Throws CardError with a message fit to show.
 */
export async function decodeCardFile(dataUrl: string): Promise<DecodedCard> {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw new CardError(CARD_ERRORS.notDataUrl);
  const mime = (match[1] || 'text/plain').trim().toLowerCase();
  const payload = match[2] ?? '';
  if (mime !== 'image/png' && !JSON_TYPES.has(mime)) throw new CardError(CARD_ERRORS.type);
  // Refuse by the encoded size first (4 characters per 3 bytes, plus padding), never decoding a huge upload.
  if (Math.floor((payload.length * 3) / 4) > CARD_FILE_MAX_BYTES + 3) {
    throw new CardError(CARD_ERRORS.tooLarge);
  }
  const badPayload = mime === 'image/png' ? CARD_ERRORS.damagedPng : CARD_ERRORS.notJson;
  const bytes = fromBase64(payload, badPayload);
  if (bytes.length > CARD_FILE_MAX_BYTES) throw new CardError(CARD_ERRORS.tooLarge);
  if (mime === 'image/png' || bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return { json: await cardFromPng(bytes), png: bytes };
  }
  return { json: parseJson(bytes.toString('utf8')), png: null };
}

const count = (n: number) => n.toLocaleString('en-US');

function suggestUsername(preferred: string, name: string): string {
  for (const raw of [preferred, name]) {
    const username = filterPersonaUsername(raw).slice(0, PERSONA_LIMITS.usernameMax);
    if (username.length >= 2 && !RESERVED_USERNAMES.has(username)) return username;
  }
  // Too short (a name in another script) or reserved (such as "ai"): add digits to make it usable.
  const stem = filterPersonaUsername(name);
  const base = stem.length >= 2 ? stem.slice(0, PERSONA_LIMITS.usernameMax - 4) : 'persona';
  return `${base}${randomInt(1000, 10000)}`;
}

/** Tags that mark a card as adult, and ones that mark it safe, as the card sites write them. */
const MATURE_TAGS = new Set(['nsfw', 'mature', 'adult', '18+', 'explicit']);
const GENERAL_TAGS = new Set(['sfw', 'safe', 'family friendly']);

/** The card's rating when its tags say it; undefined when they do not, and the form asks. */
function ratingOf(cardTags: readonly string[]): CardDraft['rating'] {
  const tags = cardTags.map((tag) => tag.trim().toLowerCase());
  if (tags.some((tag) => MATURE_TAGS.has(tag))) return 'mature';
  if (tags.some((tag) => GENERAL_TAGS.has(tag))) return 'general';
  return undefined;
}

function chooseTag(preferred: string, cardTags: readonly string[], notes: string[]): CategoryTag {
  for (const candidate of [preferred, ...cardTags]) {
    const tag = CATEGORY_TAGS.find((t) => t.toLowerCase() === candidate.trim().toLowerCase());
    if (tag) return tag;
  }
  notes.push('The card has no category we use; chose Fun.');
  return 'Fun';
}

/** A public bio made from a character sheet is its first sentences, never the whole sheet. */
export const BIO_SUMMARY_MAX = 200;

/** The description's first paragraph, cut after the last sentence that fits BIO_SUMMARY_MAX. */
function summarize(description: string): string {
  const first = description.split('\n')[0] ?? '';
  if (first.length <= BIO_SUMMARY_MAX) return first;
  const head = first.slice(0, BIO_SUMMARY_MAX + 1);
  const ends = [...head.matchAll(/[.!](?=\s|$)/g)].map((m) => m.index + 1);
  const end = ends.filter((at) => at <= BIO_SUMMARY_MAX).pop();
  return end !== undefined && end > BIO_SUMMARY_MAX / 4
    ? first.slice(0, end)
    : cutAtWord(first, BIO_SUMMARY_MAX);
}

/**
 * Maps a character card to a persona draft that passes CreateAiRequest and fits the edit panel, with notes
 * on everything that had to change. The character sheet (description, personality, scenario) becomes the
 * private prompt, the example dialogue the private memory, and the first message the opening message; the
 * public bio is the creator's notes or a short summary. A PNG card's picture becomes the profile picture.
 * Cards exported by Simplified restore their bio, memory, username and tag.
 */
export function cardToDraft(json: unknown, png: Buffer | null = null): CardDraft {
  const card = parseCard(json);
  if (!card) throw new CardError(CARD_ERRORS.notCard);
  const own = readSimplifiedExtension(card);
  const notes: string[] = [];

  const fitted = (label: string, text: string, max: number) => {
    const cut = cutAtWord(text, max);
    const change = `from ${count(text.length)} to ${count(cut.length)} characters`;
    if (cut !== text) notes.push(`${label} was cut ${change}.`);
    return cut;
  };

  const spacedName = card.name.replace(/\s+/g, ' ').trim();
  const fullName = filterPersonaName(spacedName).replace(/ {2,}/g, ' ').trim();
  if (fullName !== spacedName) {
    notes.push('Removed characters that names cannot use (names keep letters, digits and spaces).');
  }
  let name = fitted('Name', fullName, PERSONA_LIMITS.nameMax);
  if (!name) {
    name = 'Imported Persona';
    notes.push('The card has no usable name; named it Imported Persona.');
  }

  const { clean, removed } = cardTextCleaner(card.nickname || name);
  const description = clean(card.description);
  // Only what is used is cleaned, so the notes count only characters that were really dropped.
  const creatorNotes = own ? '' : clean(card.creatorNotes);
  let bio = own ? clean(own.bio) : creatorNotes || summarize(description);
  if (!own && !creatorNotes && bio && bio !== description) {
    notes.push('The bio is the start of the description; the whole description is in the prompt.');
  }
  if (!bio) {
    bio = `${name} is an imported character.`;
    notes.push('The card has no description; wrote a short bio.');
  }

  // A Simplified export carries its prompt whole in system_prompt (its description is bio and memory).
  const personality = clean(card.personality);
  const scenario = clean(card.scenario);
  const systemPrompt = clean(card.systemPrompt);
  const prompt =
    own && systemPrompt
      ? [systemPrompt]
      : [
          `You are ${name}.`,
          description,
          personality && `Personality: ${personality}`,
          scenario && `Scenario: ${scenario}`,
          systemPrompt,
        ].filter(Boolean);

  // The sheet may be longer than the prompt can hold: what does not fit starts the memory, never lost.
  const fullPrompt = prompt.join('\n\n');
  const promptText = cutAtWord(fullPrompt, PERSONA_LIMITS.editFieldMax);
  const overflow = fullPrompt.slice(promptText.length).trim();
  if (overflow) {
    notes.push(
      `The prompt holds ${count(PERSONA_LIMITS.editFieldMax)} characters; the rest of the character sheet starts the memory.`,
    );
  }
  const examples = clean(card.exampleMessages);
  const memory = own
    ? clean(own.memory)
    : [overflow && `More about ${name}:\n${overflow}`, examples && `Example dialogue:\n${examples}`]
        .filter(Boolean)
        .join('\n\n');
  const opening = clean(card.firstMessage, filterOpeningMessage);

  let profilePic = '';
  if (png) {
    const picture = cardPicture(png);
    if ('dataUrl' in picture) profilePic = picture.dataUrl;
    else if ('note' in picture) notes.push(picture.note);
  }

  const draft: CardDraft = {
    name,
    username: suggestUsername(own?.username ?? '', name),
    bio: fitted('Bio', bio, PERSONA_LIMITS.createBioMax),
    prompt: promptText,
    memory: fitted('Memory', memory, PERSONA_LIMITS.memoryMax),
    tag: chooseTag(own?.tag ?? '', card.tags, notes),
    openingMessage: fitted('Opening message', opening, PERSONA_LIMITS.openingMessageMax),
    profilePic,
    notes,
  };
  const rating = own?.rating ?? ratingOf(card.tags);
  if (rating) draft.rating = rating;
  if (removed() > 0) {
    const what = removed() === 1 ? '1 character' : `${count(removed())} characters`;
    notes.push(`Removed ${what} that personas cannot use (such as quotes and question marks).`);
  }
  if (card.alternateGreetings.some((g) => g.trim())) notes.push('Alternate greetings are not imported.');
  if (card.groupOnlyGreetings.some((g) => g.trim())) notes.push('Group chat greetings are not imported.');
  if (card.postHistoryInstructions.trim()) notes.push('Post-history instructions are not imported.');
  if (card.hasLorebook) notes.push('The lorebook is not imported.');
  return draft;
}
