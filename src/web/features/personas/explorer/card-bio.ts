import { PERSONA_LIMITS } from '../../../../contracts/rules.js';

/**
 * A directory card's bio (SPEC §2, §9): the first 50 characters plus "..." when there is more.
 * Counted in characters, not UTF-16 units, so an emoji is never cut in half.
 */
export function cardBio(bio: string, max: number = PERSONA_LIMITS.cardBioChars): string {
  const characters = Array.from(bio);
  if (characters.length <= max) return bio;
  return `${characters.slice(0, max).join('')}...`;
}
