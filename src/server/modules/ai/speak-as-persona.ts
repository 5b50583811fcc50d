import { aiReplyStream } from '../../../contracts/rules.js';
import type { AiLimits } from '../../config.js';
import { emptyAnswer } from './ai-errors.js';
import type { AiEngine, ChatTurn } from './engine.js';
import { leakGuardFor, PRIVATE_PROMPT_REFUSAL } from './prompt-leak-guard.js';

export interface PersonaSpeech {
  engine: AiEngine;
  limits: Pick<AiLimits, 'maxOutputTokens'>;
  /** Whose words these are: its hidden prompt and memory are what the leak guard keeps from anyone else. */
  persona: Parameters<typeof leakGuardFor>[0];
  /** Who reads them; undefined when unknown (guarded like anyone who is not the creator). */
  viewerUsername: string | undefined;
  messages: ChatTurn[];
  /** Aborting stops the generation upstream (a timeout, a stop). */
  signal: AbortSignal;
  /** Each sanitised piece as it may be shown, with where it starts in the text shown so far. */
  onDelta: (delta: string, offset: number) => void;
}

export type Speech =
  /** The whole answer, as shown, or the refusal that replaced an answer repeating the hidden text. */
  | { complete: true; text: string }
  /** The engine failed or was aborted part way: what had been shown by then ('' if nothing), and the error. */
  | { complete: false; shown: string; error: unknown };

/**
 * A persona speaks, streamed: every piece goes through the SPEC §5 sanitiser, so what streams is exactly what
 * is stored, and (for anyone but its creator) through the prompt-leak guard, which stops the generation and
 * swaps the answer for PRIVATE_PROMPT_REFUSAL once it repeats the hidden text. Throws emptyAnswer when nothing
 * usable was said. Persona replies and Charioteer turns both speak through it.
 */
export async function speakAsPersona(speech: PersonaSpeech): Promise<Speech> {
  const sanitiser = aiReplyStream();
  const guard = leakGuardFor(speech.persona, speech.viewerUsername);
  let shown = '';
  const show = (raw: string) => {
    const delta = sanitiser.push(raw);
    if (!delta) return;
    const offset = shown.length;
    shown += delta;
    speech.onDelta(delta, offset);
  };
  try {
    for await (const delta of speech.engine.stream({
      messages: speech.messages,
      maxOutputTokens: speech.limits.maxOutputTokens,
      signal: speech.signal,
    })) {
      show(guard ? guard.push(delta) : delta);
      // Leaving the loop stops the generation upstream.
      if (guard?.leaked) break;
    }
  } catch (error) {
    return { complete: false, shown, error };
  }
  show(guard?.finish() ?? '');
  const text = guard?.leaked ? PRIVATE_PROMPT_REFUSAL : shown;
  if (!text) throw emptyAnswer();
  return { complete: true, text };
}
