import { MEMORY_LIMITS, oneLine } from '../../../contracts/memory.js';
import { filterAiReply } from '../../../contracts/rules.js';
import type { ChatTurn } from '../ai/engine.js';

/** What the model answers when the exchange holds nothing worth keeping. */
const NOTHING = 'NONE';

/** The system turn of every memory request (the fake provider in tests tells them from replies by it). */
export const MEMORY_INSTRUCTION = [
  'You keep a short memory for an AI persona about the person it talks with.',
  'From the latest exchange, list new durable facts about the person that will matter in later conversations:',
  'their name, preferences, goals, plans, circumstances. Nothing about the persona itself, nothing passing.',
  `One fact per line, each a plain sentence under 150 characters, at most ${MEMORY_LIMITS.newPerReply}, no numbering.`,
  `Never repeat what is already remembered. If there is nothing new worth keeping, answer ${NOTHING}.`,
].join(' ');

/** The exchange a reply closes: what the person said since the persona last spoke, and the reply. */
export interface Exchange {
  personaName: string;
  said: string[];
  reply: string;
}

/** An exchange with the id of the stored reply that closed it: what is learnt from it is forgotten with it. */
export interface ReplyExchange extends Exchange {
  replyId: string;
}

/** The request for new facts after one reply, given what is remembered already. */
export function extractionPrompt(exchange: Exchange, remembered: readonly string[]): ChatTurn[] {
  const known = remembered.length ? remembered.map((fact) => `- ${fact}`).join('\n') : '(nothing yet)';
  const said = exchange.said.map((text) => `Person: ${text}`).join('\n');
  return [
    { role: 'system', content: MEMORY_INSTRUCTION },
    {
      role: 'user',
      content: `Already remembered:\n${known}\n\nLatest exchange:\n${said}\n${exchange.personaName}: ${exchange.reply}`,
    },
  ];
}

/** Letters and digits only, lower case: two facts that differ in case, spacing or punctuation are one. */
const normalized = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A fact the model wrote, filtered as its replies are (SPEC §5), with the spaces the filter leaves joined. */
export const filterModelFact = (text: string) => oneLine(filterAiReply(text));

/**
 * The new facts in a model's answer: one per line, list markers and quotes taken off, filtered as replies are
 * (SPEC §5: no markup is kept), NONE and empty lines
 * dropped, too long ones dropped (a fact cut in half misleads), repeats of each other or of what is
 * remembered dropped, at most MEMORY_LIMITS.newPerReply.
 */
export function parseFacts(answer: string, remembered: readonly string[]): string[] {
  const seen = remembered.map(normalized);
  const facts: string[] = [];
  for (const line of answer.split(/\r?\n/)) {
    const bare = oneLine(line)
      .replace(/^(?:[-*•]|\d+[.)])\s*/, '')
      .replace(/^["“']|["”']$/g, '');
    const fact = filterModelFact(bare);
    const key = normalized(fact);
    if (!key || key === normalized(NOTHING) || fact.length > MEMORY_LIMITS.itemChars) continue;
    // Exact repeats only: "likes sailing" is not "dislikes sailing".
    if (seen.includes(key)) continue;
    seen.push(key);
    facts.push(fact);
    if (facts.length === MEMORY_LIMITS.newPerReply) break;
  }
  return facts;
}
