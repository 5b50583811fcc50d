import type { DiscussionTurnRow } from '../../db/schema.js';
import type { ChatTurn } from '../ai/engine.js';
import { HISTORY_CHAR_BUDGET, groupTranscript, type PersonaForPrompt } from '../ai/persona-prompt.js';

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
 * there, the 100-word instruction, then the recent transcript: the speaker's own earlier turns as its
 * (assistant) turns, everyone else's as "Name: text". The transcript is the newest RECENT_TURNS turns
 * whose labelled text fits HISTORY_CHAR_BUDGET, the same budget a persona's chat history gets.
 */
export function buildTurnPrompt(
  speaker: PersonaForPrompt,
  table: TableContext,
  recent: DiscussionTurnRow[],
  budget = HISTORY_CHAR_BUDGET,
): ChatTurn[] {
  const others = [...table.names].filter(([id]) => id !== speaker.id).map(([, name]) => name);
  const system = [
    speaker.prompt.trim() || `You are ${speaker.name}.`,
    speaker.memory.trim() && `What you know: ${speaker.memory.trim()}`,
    `You are ${speaker.name}, taking part in a roundtable discussion with ${others.join(', ')}. The topic: ${table.topic}`,
    'Your own earlier turns are your messages in this chat; the others speak as "Name: text". Build on what you said before rather than repeating it.',
    'Speak in your own voice, respond to what the others just said, and add something new. Reply in 100 words or less, in plain sentences without markdown, lists or emoji. Do not write other speakers lines.',
  ]
    .filter(Boolean)
    .join('\n\n');

  if (recent.length === 0)
    return [
      { role: 'system', content: system },
      { role: 'user', content: `Open the discussion on: ${table.topic}` },
    ];

  const lines = recent.slice(-RECENT_TURNS).map((turn) => ({
    mine: turn.speakerId === speaker.id && turn.speakerKind === 'persona',
    speaker: speakerName(turn, table),
    text: turn.text,
  }));
  // The transcript opens with the topic, and says when its start was left out.
  const turns = groupTranscript(
    lines,
    (leftOut) =>
      `The discussion so far on: ${table.topic}${leftOut || recent.length > RECENT_TURNS ? ' (earlier turns left out)' : ''}`,
    'Continue the discussion.',
    budget,
  );
  return [{ role: 'system', content: system }, ...turns];
}

function speakerName(turn: DiscussionTurnRow, table: TableContext): string {
  return turn.speakerKind === 'user' ? table.hostName : (table.names.get(turn.speakerId) ?? 'Someone');
}
