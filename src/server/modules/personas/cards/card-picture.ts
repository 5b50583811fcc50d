import { checkPicture } from '../../../../contracts/pictures.js';
import { blankCardPng } from './card-export.js';
import { PngError, encodePng, readChunks } from './png-chunks.js';

/** Chunks that are not part of the picture: text (where cards live) and eXIf, which may hold a location. */
const METADATA_TYPES = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf']);

export type CardPicture = { dataUrl: string } | { note: string } | { none: true };

export const CARD_PICTURE_NOTES = {
  tooLarge: 'The card’s picture is larger than 2 MB, so it is not used as the profile picture.',
  unusable: 'The card’s picture could not be used as the profile picture.',
} as const;

/**
 * A PNG card's picture, ready to be stored as the persona's profile picture. Its text chunks go: they hold the
 * card itself (with the prompt and memory only the creator may read), and profile pictures are public.
 * It must pass the same rule as any picked picture (contracts/pictures.ts).
 */
export function cardPicture(png: Buffer): CardPicture {
  let picture: Buffer;
  try {
    picture = encodePng(readChunks(png).filter((chunk) => !METADATA_TYPES.has(chunk.type)));
  } catch (error) {
    if (error instanceof PngError) return { note: CARD_PICTURE_NOTES.unusable };
    throw error;
  }
  // Our own export of a persona without a picture: the blank card is not a picture of anyone.
  if (picture.equals(blankCardPng())) return { none: true };
  const check = checkPicture('image/png', picture.length, picture);
  if (!check.ok)
    return {
      note: check.problem === 'too_large' ? CARD_PICTURE_NOTES.tooLarge : CARD_PICTURE_NOTES.unusable,
    };
  return { dataUrl: `data:image/png;base64,${picture.toString('base64')}` };
}
