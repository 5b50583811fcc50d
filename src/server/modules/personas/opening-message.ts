import { filterOpeningMessage } from '../../../contracts/personas.js';
import type { UserRow } from '../../db/schema.js';

/**
 * What a persona says first when someone starts a conversation with it: its opening message, or '' for a
 * person or a persona without one. The messages module stores it as the conversation's first message.
 */
export function openingMessageOf(recipient: Pick<UserRow, 'isAi' | 'openingMessage'>): string {
  if (recipient.isAi !== 1) return '';
  // Stored text already passed this filter; rows written before it existed pass it here.
  return filterOpeningMessage(recipient.openingMessage).trim();
}
