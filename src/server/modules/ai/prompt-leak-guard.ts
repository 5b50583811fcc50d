/** What a persona says instead of a reply that would repeat its hidden prompt or memory to someone else. */
export const PRIVATE_PROMPT_REFUSAL =
  "I'd rather keep how I was made to myself. Let's talk about something else!";

/** Consecutive words shared with the hidden text that count as repeating it. */
export const LEAK_SPAN_WORDS = 8;

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const words = (text: string) => text.toLowerCase().match(WORD) ?? [];

/** Every run of `n` consecutive words, joined by a space. */
function spans(list: readonly string[], n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + n <= list.length; i++) out.push(list.slice(i, i + n).join(' '));
  return out;
}

export interface LeakGuard {
  /** Adds generated text; returns the part that may be shown now. */
  push(delta: string): string;
  /** The generation ended: the rest that may be shown. */
  finish(): string;
  /** True once the reply repeated a span of the hidden text; nothing more is released after that. */
  readonly leaked: boolean;
}

/**
 * Watches a persona's reply, as it streams, for a verbatim span of LEAK_SPAN_WORDS or more words of its hidden
 * prompt or memory (case and punctuation ignored). Trailing words that could be the start of such a span are
 * held back until the next words show they are not, so a leak is cut before any of it is shown while ordinary
 * text streams on at once. A cheap check, not a guarantee: a paraphrase passes, which is why the Creator Studio
 * tells creators the prompt can be coaxed out.
 */
export function promptLeakGuard(hidden: string, span = LEAK_SPAN_WORDS): LeakGuard {
  const hiddenWords = words(hidden);
  const secret = new Set(spans(hiddenWords, span));
  // Every shorter run of hidden words: a reply ending in one of them may be on its way to a full span.
  const starts = new Set<string>();
  for (let length = 1; length < span; length++) for (const run of spans(hiddenWords, length)) starts.add(run);
  let text = '';
  let released = 0;
  let leaked = false;

  const repeats = () => spans(words(text), span).some((s) => secret.has(s));

  /** Where the text may be released up to: before the longest tail of words that starts a hidden span. */
  function safeEnd(): number {
    const found = [...text.matchAll(WORD)];
    for (let length = Math.min(span - 1, found.length); length > 0; length--) {
      const tail = found.slice(found.length - length);
      if (starts.has(tail.map((m) => m[0].toLowerCase()).join(' '))) return tail[0]?.index ?? text.length;
    }
    // A word may still be growing; keep the last one until a space or punctuation closes it.
    const last = found.at(-1);
    return last && last.index + last[0].length === text.length ? last.index : text.length;
  }

  const release = (end: number) => {
    const out = text.slice(released, Math.max(released, end));
    released = Math.max(released, end);
    return out;
  };

  return {
    push(delta) {
      if (leaked) return '';
      text += delta;
      if (secret.size === 0) return release(text.length);
      if (repeats()) {
        leaked = true;
        return '';
      }
      return release(safeEnd());
    },
    finish() {
      return leaked ? '' : release(text.length);
    },
    get leaked() {
      return leaked;
    },
  };
}

/**
 * The guard for `persona` speaking to `viewerUsername`: none for its creator, who may see the prompt and
 * memory anyway; for anyone else, one over both.
 */
export function leakGuardFor(
  persona: { prompt: string; memory: string; createdByUsername: string },
  viewerUsername: string | undefined,
): LeakGuard | undefined {
  if (viewerUsername !== undefined && persona.createdByUsername === viewerUsername) return undefined;
  return promptLeakGuard(`${persona.prompt}\n${persona.memory}`);
}
