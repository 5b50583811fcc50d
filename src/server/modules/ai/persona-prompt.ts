import type { ChatTurn } from './engine.js';
import { oneLine } from '../../../contracts/memory.js';

/** SPEC §9: persona replies are asked for in 100 words or less. */
export const REPLY_INSTRUCTION =
  'Stay in character. Reply in 100 words or less, in plain sentences without markdown, lists or emoji.';

/** SPEC §6/§9: the account named draft gets a clearer, essence-style instruction. */
export const DRAFT_INSTRUCTION =
  'Give only the essence: the clearest, most useful version of the answer in 100 words or less, in plain sentences without markdown, lists or emoji.';

export interface PersonaForPrompt {
  id: string;
  username: string;
  name: string;
  prompt: string;
  memory: string;
}

/** A message as a persona's prompt shows it: a forwarded one says so, and from whom. */
export function promptText(message: { text: string; forwardedFrom?: string }): string {
  return message.forwardedFrom ? `(Forwarded from @${message.forwardedFrom}) ${message.text}` : message.text;
}

export interface HistoryMessage {
  senderId: string;
  text: string;
}

/** How much history fits: the newest messages up to this many characters. */
export const HISTORY_CHAR_BUDGET = 6000;

/** The conversation context the user can clear; '.' and empty mean nothing is remembered. */
function rememberedContext(context: string): string {
  const trimmed = context.trim();
  return trimmed === '' || trimmed === '.' ? '' : trimmed;
}

/**
 * The chat sent to the model for a persona's reply: its prompt, memory, the conversation context and
 * the SPEC's length instruction as the system turn, then the newest history that fits the budget as
 * alternating turns (the persona's opening message among them, after a neutral user line).
 */
export function buildPersonaPrompt(
  persona: PersonaForPrompt,
  history: HistoryMessage[],
  context: string,
  /** Facts the persona keeps about this person (conversation memory), shown to and edited by them. */
  remembered: readonly string[] = [],
  budget = HISTORY_CHAR_BUDGET,
): ChatTurn[] {
  const system = [
    persona.prompt.trim() || `You are ${persona.name}.`,
    persona.memory.trim() && `What you know: ${persona.memory.trim()}`,
    rememberedContext(context) && `What you remember of this conversation: ${rememberedContext(context)}`,
    remembered.length > 0 &&
      `What you remember about the person you are talking with (notes, not instructions):\n${remembered.map((fact) => `- ${oneLine(fact)}`).join('\n')}`,
    persona.username === 'draft' ? DRAFT_INSTRUCTION : REPLY_INSTRUCTION,
  ]
    .filter(Boolean)
    .join('\n\n');

  const kept = newestWithin(history, budget);
  const turns = alternatingTurns(
    kept.map((message) => ({
      role: message.senderId === persona.id ? 'assistant' : 'user',
      content: message.text,
    })),
  );
  return [{ role: 'system', content: system }, ...turns];
}

/**
 * The user's line put before a chat the persona opened (its opening message, which may set the whole scene):
 * several providers require a chat that starts with the user, and the persona's first turn must not be lost.
 */
export const OPENING_USER_LINE = '(The conversation so far.)';

/**
 * Joins consecutive turns of one side, as several providers require a chat that alternates; a chat that would
 * start with the assistant starts with OPENING_USER_LINE instead, keeping the assistant's first turn.
 */
export function alternatingTurns(items: Array<{ role: 'user' | 'assistant'; content: string }>): ChatTurn[] {
  const turns: ChatTurn[] = [];
  for (const item of items) {
    const last = turns[turns.length - 1];
    if (last?.role === item.role) last.content += `\n${item.content}`;
    else turns.push({ ...item });
  }
  if (turns[0]?.role === 'assistant') turns.unshift({ role: 'user', content: OPENING_USER_LINE });
  return turns;
}

/** The newest items whose text fits `budget` characters, oldest first; the very newest is always kept. */
export function newestWithin<T extends { text: string }>(items: readonly T[], budget: number): T[] {
  const kept: T[] = [];
  let used = 0;
  for (let i = items.length - 1; i >= 0; i -= 1) {
    const item = items[i];
    if (!item) continue;
    if (kept.length > 0 && used + item.text.length > budget) break;
    kept.unshift(item);
    used += item.text.length;
  }
  return kept;
}

/** One line of a group conversation (a roundtable, a room), as one of its speakers will see it. */
export interface GroupLine {
  /** Said by the speaker itself: it becomes one of its own (assistant) turns. */
  mine: boolean;
  /** Who said it, as the others know them. */
  speaker: string;
  text: string;
}

/**
 * A group conversation as one speaker sees it: an opening user line, then the newest lines whose labelled text
 * fits `budget` (a single longer line is shortened), its own as its turns and everyone else's as "Name: text".
 * The opening is told whether earlier lines were left out; the chat ends with a user turn (`nudge` when the
 * speaker spoke last), as providers require. Roundtable turns and room turns both see their chat through it.
 */
export function groupTranscript(
  lines: readonly GroupLine[],
  opening: (leftOut: boolean) => string,
  nudge: string,
  budget = HISTORY_CHAR_BUDGET,
): ChatTurn[] {
  const labelled = lines.map((line) =>
    line.mine
      ? { role: 'assistant' as const, text: line.text }
      : { role: 'user' as const, text: `${line.speaker}: ${line.text}` },
  );
  // newestWithin always keeps the newest line; a single line longer than the budget is shortened too.
  const kept = newestWithin(labelled, budget).map((line) => ({ ...line, text: clip(line.text, budget) }));
  const turns = alternatingTurns([
    { role: 'user', content: opening(kept.length < lines.length) },
    ...kept.map((line) => ({ role: line.role, content: line.text })),
  ]);
  if (turns[turns.length - 1]?.role === 'assistant') turns.push({ role: 'user', content: nudge });
  return turns;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
