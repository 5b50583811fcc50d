import { deflateSync } from 'node:zlib';
import type { SimplifiedExtension } from './card-format.js';
import { encodePng, withTextChunk } from './png-chunks.js';

/** A V2 card as we write it: V2 is the version every card app reads (V3 readers accept V2 too). */
export interface CardV2 {
  spec: 'chara_card_v2';
  spec_version: '2.0';
  data: {
    name: string;
    description: string;
    personality: string;
    scenario: string;
    first_mes: string;
    mes_example: string;
    creator_notes: string;
    system_prompt: string;
    post_history_instructions: string;
    alternate_greetings: string[];
    tags: string[];
    creator: string;
    character_version: string;
    extensions: Record<string, unknown>;
  };
}

export interface ExportablePersona {
  name: string;
  username: string;
  bio: string;
  prompt: string;
  memory: string;
  openingMessage: string;
  tag: string;
  createdByUsername: string;
  /** A mature persona's card carries the community's NSFW tag, so other apps and a re-import keep the rating. */
  rating?: 'general' | 'mature';
}

/**
 * A persona as a Character Card V2. Memory is written twice, on purpose: other apps send `description` to
 * their model on every turn, so the memory goes there after the bio and a blank line, where its facts get
 * used; data.extensions.simplified keeps bio and memory apart (with username and tag), so importing the
 * card back into Simplified restores every field exactly instead of merging the memory into the bio.
 * The prompt goes in system_prompt, which V2 apps use in place of their own main prompt, as we do.
 */
/** The tag the card community marks adult characters with. */
export const MATURE_CARD_TAG = 'NSFW';

export function personaToCardV2(p: ExportablePersona): CardV2 {
  const simplified: SimplifiedExtension = { username: p.username, tag: p.tag, bio: p.bio, memory: p.memory };
  if (p.rating) simplified.rating = p.rating;
  return {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name: p.name,
      description: p.memory ? `${p.bio}\n\n${p.memory}` : p.bio,
      personality: '',
      scenario: '',
      first_mes: p.openingMessage,
      mes_example: '',
      creator_notes: `Exported from Simplified. Created by @${p.createdByUsername}.`,
      system_prompt: p.prompt,
      post_history_instructions: '',
      alternate_greetings: [],
      tags: p.rating === 'mature' ? [p.tag, MATURE_CARD_TAG] : [p.tag],
      creator: p.createdByUsername,
      character_version: '1',
      extensions: { simplified },
    },
  };
}

export const BLANK_CARD_WIDTH = 400;
export const BLANK_CARD_HEIGHT = 600;
/** A soft periwinkle: calm behind any avatar app's overlay, and clearly not an error or a broken image. */
const BLANK_CARD_RGB = [0xa5, 0xb4, 0xfc] as const;

let blankCard: Buffer | undefined;

/** A solid 400x600 RGB PNG, made once: portrait, the shape card apps show. */
export function blankCardPng(): Buffer {
  if (blankCard) return blankCard;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(BLANK_CARD_WIDTH, 0);
  header.writeUInt32BE(BLANK_CARD_HEIGHT, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour RGB; compression, filter and interlace bytes stay 0 (the only standard values)
  // Each scanline is a filter-type byte (0: none) followed by the pixels.
  const row = Buffer.alloc(1 + BLANK_CARD_WIDTH * 3);
  for (let x = 0; x < BLANK_CARD_WIDTH; x++) row.set(BLANK_CARD_RGB, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: BLANK_CARD_HEIGHT }, () => row));
  blankCard = encodePng([
    { type: 'IHDR', data: header },
    { type: 'IDAT', data: deflateSync(pixels, { level: 9 }) },
    { type: 'IEND', data: Buffer.alloc(0) },
  ]);
  return blankCard;
}

/**
 * A PNG carrying `card` in a `chara` tEXt chunk (base64 of UTF-8 JSON, as the V2 spec says), on `basePng`
 * (such as the persona's picture) or on a plain card-shaped image. Throws PngError for a damaged base.
 */
export function cardToPng(card: object, basePng?: Buffer): Buffer {
  const payload = Buffer.from(JSON.stringify(card), 'utf8').toString('base64');
  // A ccv3 chunk left in the base would win over ours in V3 readers, so it goes too.
  return withTextChunk(basePng ?? blankCardPng(), 'chara', payload, ['chara', 'ccv3']);
}
