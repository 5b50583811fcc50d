/**
 * Turns a studio preset, the user's input, the studio conversation and the context into the one
 * message sent to POST /api/ai/getAI/stream, inside the server's size limit. Pure: no Node or DOM.
 */
import { AI_LIMITS } from '../../../../contracts/ai.js';
import { selectRelevantContext } from './recall.js';
import { PLAIN_TEXT_RULE, type PresetId, type PromptPreset } from './studio-presets.js';

/** One turn of the studio conversation. */
export interface StudioTurn {
  role: 'user' | 'assistant';
  text: string;
}

export interface PromptParts {
  /** What the user typed in Ask AI (may be empty for presets that work on a text). */
  input: string;
  /** The studio conversation so far, oldest first. */
  conversation: readonly StudioTurn[];
  /** The context box, saved-item text and extracted PDF text together. */
  context: string;
}

export interface PromptBudget {
  /** The whole message's upper limit (the server refuses more). */
  total: number;
  input: number;
  conversation: number;
  context: number;
}

/** Character budgets that keep every built message inside the server's limit with room to spare. */
export const PROMPT_BUDGET: PromptBudget = {
  total: AI_LIMITS.promptMax,
  input: 4000,
  conversation: 4000,
  context: 12000,
};

export interface BuiltPrompt {
  /** The message to send. */
  prompt: string;
  /** True when the context was too long and only its passages most relevant to the input were sent. */
  contextSelected: boolean;
  /** The context's length, and how much of it went into the message. */
  contextChars: number;
  contextSentChars: number;
  /** True when older turns (or the start of a long turn) were left out of the conversation. */
  conversationCut: boolean;
  /** True when the input itself was longer than its budget and cut. */
  inputCut: boolean;
}

function cutEnd(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

function cutStart(text: string, max: number): string {
  return text.length <= max ? text : `…${text.slice(text.length - Math.max(0, max - 1))}`;
}

/** The newest turns that fit in `budget` characters; a long newest turn keeps its end, where "more" continues. */
export function fitConversation(
  conversation: readonly StudioTurn[],
  budget: number,
): { lines: string[]; cut: boolean } {
  const lines: string[] = [];
  let used = 0;
  for (let index = conversation.length - 1; index >= 0; index -= 1) {
    const turn = conversation[index];
    if (!turn) continue;
    const prefix = turn.role === 'user' ? 'User: ' : 'Assistant: ';
    const room = budget - used - prefix.length - 1;
    if (room < 40) return { lines: lines.reverse(), cut: true };
    const text = cutStart(turn.text.trim(), room);
    lines.push(`${prefix}${text}`);
    used += prefix.length + text.length + 1;
    if (text.length < turn.text.trim().length) return { lines: lines.reverse(), cut: true };
  }
  return { lines: lines.reverse(), cut: false };
}

/**
 * Builds the message for a preset (or a saved prompt's own instruction): the fixed instruction, then
 * the context (passages most relevant to the input when it is too long), the recent conversation, and
 * the user's request last. Each part has its own budget, so the message always fits the server limit.
 */
export function buildPresetPrompt(
  presetOrInstruction: PromptPreset | string,
  parts: PromptParts,
  budget: PromptBudget = PROMPT_BUDGET,
): BuiltPrompt {
  const instruction =
    typeof presetOrInstruction === 'string'
      ? `${presetOrInstruction.trim()}\n${PLAIN_TEXT_RULE}`
      : presetOrInstruction.instruction;
  const input = parts.input.trim();
  const sentInput = cutEnd(input, budget.input);
  const conversation = fitConversation(parts.conversation, budget.conversation);

  // What the context must be relevant to: the request, or when there is none the latest turn.
  const latest = parts.conversation.at(-1)?.text ?? '';
  const fixed = instruction.length + sentInput.length + conversation.lines.join('\n').length + 400;
  const contextBudget = Math.max(0, Math.min(budget.context, budget.total - fixed));
  const context = selectRelevantContext(parts.context, input || latest, contextBudget);

  const sections = [instruction];
  if (context.text) {
    const note = context.selected
      ? `\n(The context was ${context.totalChars} characters; only the passages most relevant to the request are shown, and "…" marks a gap.)`
      : '';
    sections.push(`Context:\n"""\n${context.text}\n"""${note}`);
  }
  if (conversation.lines.length > 0) {
    const note = conversation.cut ? ' (older parts left out)' : '';
    sections.push(`Conversation so far${note}:\n${conversation.lines.join('\n')}`);
  }
  // The request goes last, on its own final line, so it is the freshest thing the model reads.
  sections.push(
    `Request: ${sentInput.replace(/\s*\n\s*/g, ' ') || '(none: use the conversation and the context)'}`,
  );

  return {
    prompt: sections.join('\n\n'),
    contextSelected: context.selected,
    contextChars: context.totalChars,
    contextSentChars: context.text.length,
    conversationCut: conversation.cut,
    inputCut: sentInput.length < input.length,
  };
}

/** Whether a preset has anything to work on: the plain and fast asks need input, "more" a previous answer. */
export function presetCanRun(id: PresetId, parts: PromptParts): boolean {
  const hasInput = parts.input.trim() !== '';
  if (id === 'ask' || id === 'fast') return hasInput;
  if (id === 'more') return parts.conversation.some((turn) => turn.role === 'assistant' && turn.text.trim());
  return hasInput || parts.context.trim() !== '' || parts.conversation.length > 0;
}
