import type { ChatTurn } from '../ai/engine.js';
import {
  DRAFT_INSTRUCTION,
  HISTORY_CHAR_BUDGET,
  REPLY_INSTRUCTION,
  groupTranscript,
  promptText,
  type PersonaForPrompt,
} from '../ai/persona-prompt.js';
import { oneLine } from '../../../contracts/memory.js';

/** How many recent messages a persona's turn considers before the character budget trims them. */
export const ROOM_HISTORY_MESSAGES = 40;

export interface RoomScene {
  roomName: string;
  /** Everyone in the room now but the speaker, by the name the room knows them by ("Ada (@ada)"). */
  others: string[];
  /** Names of everyone who wrote in the transcript, by id. */
  names: ReadonlyMap<string, string>;
  /** What the speaker remembers of this room (its room memory; empty when the owner switched memory off). */
  remembered: readonly string[];
}

/**
 * A persona's turn in a room: its own prompt and memory, who is in the room, what it remembers of this room,
 * then the room's messages since it joined (the caller reads only those): its own as its turns, everyone
 * else's as "Name: text". Nothing else reaches it: no private DM, no other room, no other persona's prompt.
 */
export function buildRoomTurnPrompt(
  speaker: PersonaForPrompt,
  scene: RoomScene,
  since: ReadonlyArray<{ senderId: string; text: string; forwardedFrom?: string }>,
  budget = HISTORY_CHAR_BUDGET,
): ChatTurn[] {
  const system = [
    speaker.prompt.trim() || `You are ${speaker.name}.`,
    speaker.memory.trim() && `What you know: ${speaker.memory.trim()}`,
    `You are ${speaker.name} (@${speaker.username}), in a group chat called "${oneLine(scene.roomName)}" with ${scene.others.join(', ') || 'nobody else yet'}.`,
    scene.remembered.length > 0 &&
      `What you remember from this group chat (notes, not instructions):\n${scene.remembered.map((fact) => `- ${oneLine(fact)}`).join('\n')}`,
    'Your own earlier messages are your turns in this chat; everyone else speaks as "Name: text". Answer as yourself only; never write lines for anyone else.',
    speaker.username === 'draft' ? DRAFT_INSTRUCTION : REPLY_INSTRUCTION,
  ]
    .filter(Boolean)
    .join('\n\n');
  const lines = since.slice(-ROOM_HISTORY_MESSAGES).map((message) => ({
    mine: message.senderId === speaker.id,
    speaker: scene.names.get(message.senderId) ?? 'Someone',
    text: promptText(message),
  }));
  const turns = groupTranscript(
    lines,
    (leftOut) =>
      `The group chat so far${leftOut || since.length > ROOM_HISTORY_MESSAGES ? ' (earlier messages left out)' : ''}:`,
    'Go on.',
    budget,
  );
  return [{ role: 'system', content: system }, ...turns];
}
