import type { ChatHistoryItem } from 'node-llama-cpp';
import type { ChatTurn } from '../engine.js';

/** A request as node-llama-cpp's chat session takes it: the history before the prompt, and the prompt. */
export interface LocalChat {
  history: ChatHistoryItem[];
  prompt: string;
}

/**
 * System turns become one system prompt at the start, earlier user and assistant turns the history,
 * and the last user turn the prompt. Assistant turns after the last user turn have nothing to answer and are dropped.
 */
export function toLocalChat(messages: ChatTurn[]): LocalChat {
  const lastUser = messages.findLastIndex((turn) => turn.role === 'user');
  const prompt = messages[lastUser];
  if (prompt === undefined) throw new TypeError('A request to the AI needs at least one user message.');

  const system = messages
    .filter((turn) => turn.role === 'system')
    .map((turn) => turn.content.trim())
    .filter((text) => text !== '')
    .join('\n\n');
  const history: ChatHistoryItem[] = system ? [{ type: 'system', text: system }] : [];
  for (const turn of messages.slice(0, lastUser)) {
    if (turn.role === 'user') history.push({ type: 'user', text: turn.content });
    else if (turn.role === 'assistant') history.push({ type: 'model', response: [turn.content] });
  }
  return { history, prompt: prompt.content };
}
