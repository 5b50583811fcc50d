import type { DiscussionTurnRow } from '../../db/schema.js';
import type { ChatTurn } from '../ai/engine.js';
import {
  HISTORY_CHAR_BUDGET,
  alternatingTurns,
  newestWithin,
  type PersonaForPrompt,
} from '../ai/persona-prompt.js';

/** How many recent turns a speaker sees, before the character budget trims them. */
export const RECENT_TURNS = 12;

export interface TableContext {
  topic: string;
  /** Everyone seated, by id, with the names the others know them by. */
  names: Map<string, string>;
  /** What to call the user when they join in. */
  hostName: string;
}

/**
 * One persona's turn at the roundtable: its own prompt and memory, the topic and who else sits
 * there, the 100-word instruction, then the newest turns that fit, the others' words as "Name: text".
 */
export function buildTurnPrompt(
  speaker: PersonaForPrompt,
  table: TableContext,
  recent: DiscussionTurnRow[],
): ChatTurn[] {
  const others = [...table.names].filter(([id]) => id !== speaker.id).map(([, name]) => name);
  const system = [
    speaker.prompt.trim() || `You are ${speaker.name}.`,
    speaker.memory.trim() && `What you know: ${speaker.memory.trim()}`,
    `You are ${speaker.name}, taking part in a roundtable discussion with ${others.join(', ')}. The topic: ${table.topic}`,
    'Speak in your own voice, respond to what the others just said, and add something new. Reply in 100 words or less, in plain sentences without markdown, lists or emoji. Do not write other speakers lines.',
  ]
    .filter(Boolean)
    .join('\n\n');

  const kept = newestWithin(recent.slice(-RECENT_TURNS), HISTORY_CHAR_BUDGET);
  const turns = alternatingTurns(
    kept.map((turn) =>
      turn.speakerId === speaker.id
        ? { role: 'assistant' as const, content: turn.text }
        : { role: 'user' as const, content: `${speakerName(turn, table)}: ${turn.text}` },
    ),
  );
  if (turns.length === 0) turns.push({ role: 'user', content: `Open the discussion on: ${table.topic}` });
  else if (turns[turns.length - 1]?.role === 'assistant')
    turns.push({ role: 'user', content: 'Continue the discussion.' });
  return [{ role: 'system', content: system }, ...turns];
}

function speakerName(turn: DiscussionTurnRow, table: TableContext): string {
  return turn.speakerKind === 'user' ? table.hostName : (table.names.get(turn.speakerId) ?? 'Someone');
}
