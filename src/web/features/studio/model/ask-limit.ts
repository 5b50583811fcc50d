import { PROMPT_BUDGET } from './studio-prompt.js';

/** The longest request Ask AI sends: the input's share of the message the server accepts. */
export const ASK_INPUT_MAX = PROMPT_BUDGET.input;
/** From here the counter warns that the limit is near (90 %). */
export const ASK_INPUT_WARN_AT = Math.floor(ASK_INPUT_MAX * 0.9);

export type AskLength = 'ok' | 'near' | 'over';

const count = (n: number) => n.toLocaleString('en-US');

/** Where a request of this length stands against the limit (what is sent is the trimmed text). */
export function askLength(input: string): AskLength {
  const length = input.trim().length;
  if (length > ASK_INPUT_MAX) return 'over';
  return length >= ASK_INPUT_WARN_AT ? 'near' : 'ok';
}

/** The counter's words: "120 / 4,000 characters", a warning near the limit, how many to remove over it. */
export function askCounterText(input: string): string {
  const length = input.trim().length;
  const base = `${count(length)} / ${count(ASK_INPUT_MAX)} characters`;
  const state = askLength(input);
  if (state === 'over') return `${base}: ${count(length - ASK_INPUT_MAX)} too many to send`;
  return state === 'near' ? `${base}: near the limit` : base;
}

/** Why a request over the limit was not sent, and what to do instead. */
export function askTooLongMessage(input: string): string {
  return `Not sent: your request is ${count(input.trim().length)} characters and Ask AI takes at most ${count(ASK_INPUT_MAX)}. Shorten it, or paste the long text into the context box (Pro/Max) and ask about it.`;
}
