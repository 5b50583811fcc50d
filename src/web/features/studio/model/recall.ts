/**
 * The studio's personal-memory search (SPEC §5 recall, §8, §9): search words from a term, excerpt
 * windows around matches in saved items, relevance selection for oversized context, and the small
 * text helpers around them (context chip, note title). Pure: no Node or DOM.
 */

import { normalizeText } from '../../../../contracts/normalize-text.js';

/** SPEC §8: what recall says when there is nothing to search for. */
export const RECALL_EMPTY_MESSAGE = 'enter a search term to recall from personal memory';

/** SPEC §9: the excerpt window around a match, in characters. */
export const RECALL_WINDOW = 1000;

/** At most this many excerpts come back, so one common word cannot flood the context. */
export const RECALL_MAX_EXCERPTS = 24;

/**
 * Common English words that say nothing about what a note is about (the classic NLTK list without the
 * apostrophe forms: the term is split on non-alphanumerics, so "don't" arrives as "don" and "t").
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her ' +
    'hers herself it its itself they them their theirs themselves what which who whom this that these ' +
    'those am is are was were be been being have has had having do does did doing would could should ' +
    'ought a an the and but if or because as until while of at by for with about against between into ' +
    'through during before after above below to from up down in out on off over under again further ' +
    'then once here there when where why how all any both each few more most other some such no nor not ' +
    'only own same so than too very s t can will just don now d ll m o re ve y ain aren couldn didn ' +
    'doesn hadn hasn haven isn ma mightn mustn needn shan shouldn wasn weren won wouldn also get got ' +
    'let us'
  ).split(' '),
);

/**
 * The search words of a term in its normalised spelling (normalize-text.ts): lower-cased, split on anything not
 * a letter or digit, stop words dropped.
 */
export function searchTerms(term: string): string[] {
  const words = normalizeText(term)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '' && !STOP_WORDS.has(word));
  return [...new Set(words)];
}

// Scripts written without spaces: a word there can start anywhere, so no word-start anchor.
const UNSPACED = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches a search word at the start of a word ("plan" finds "plans", not "airplane"), any case. */
export function termPattern(word: string): RegExp {
  const anchor = UNSPACED.test(word) ? '' : '(?<![\\p{L}\\p{N}])';
  return new RegExp(`${anchor}${escapeRegExp(word)}`, 'giu');
}

/** Anything with a title and a text to search: a saved note or prompt. */
export interface RecallSource {
  id: string;
  title: string;
  memory: string;
}

export interface RecallExcerpt {
  itemId: string;
  title: string;
  /** Where the excerpt sits in the item's text: [start, end). */
  start: number;
  end: number;
  text: string;
  /** The search words found inside this excerpt. */
  terms: string[];
}

export interface RecallResult {
  /** The words searched for (empty: the term had nothing but stop words and punctuation). */
  terms: string[];
  excerpts: RecallExcerpt[];
  /** How many saved items matched. */
  itemCount: number;
  /** True when more excerpts matched than RECALL_MAX_EXCERPTS. */
  truncated: boolean;
}

interface Span {
  start: number;
  end: number;
}

/** The window of `size` characters centred on a match, slid back inside the text at either edge. */
export function excerptWindow(
  textLength: number,
  matchStart: number,
  matchLength: number,
  size: number,
): Span {
  const centre = matchStart + matchLength / 2;
  const start = Math.max(0, Math.min(Math.round(centre - size / 2), textLength - size));
  return { start, end: Math.min(textLength, start + size) };
}

function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * Searches every item's text for the term's words (SPEC §9): each match gets a window of `window`
 * characters centred on it, overlapping windows of one item merge, and an item may give several
 * excerpts. Items matching more of the words come first; otherwise the given order is kept.
 */
export function recall(
  items: readonly RecallSource[],
  term: string,
  { window = RECALL_WINDOW, maxExcerpts = RECALL_MAX_EXCERPTS } = {},
): RecallResult {
  const terms = searchTerms(term);
  if (terms.length === 0) return { terms, excerpts: [], itemCount: 0, truncated: false };
  const patterns = terms.map((word) => ({ word, pattern: termPattern(word) }));

  const found = items.flatMap((item, order) => {
    const spans: Span[] = [];
    const hits: Array<{ word: string; at: number }> = [];
    for (const { word, pattern } of patterns) {
      for (const match of item.memory.matchAll(pattern)) {
        spans.push(excerptWindow(item.memory.length, match.index, match[0].length, window));
        hits.push({ word, at: match.index });
      }
    }
    if (spans.length === 0) return [];
    const excerpts = mergeSpans(spans).map((span) => ({
      itemId: item.id,
      title: item.title,
      ...span,
      text: item.memory.slice(span.start, span.end),
      terms: [...new Set(hits.filter((hit) => hit.at >= span.start && hit.at < span.end).map((h) => h.word))],
    }));
    return [{ order, distinct: new Set(hits.map((hit) => hit.word)).size, excerpts }];
  });

  found.sort((a, b) => b.distinct - a.distinct || a.order - b.order);
  const all = found.flatMap((item) => item.excerpts);
  return {
    terms,
    excerpts: all.slice(0, maxExcerpts),
    itemCount: found.length,
    truncated: all.length > maxExcerpts,
  };
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** An excerpt's text without the broken word at either cut edge, marked with … where the item goes on. */
function tidyExcerpt(excerpt: RecallExcerpt, full: string | undefined): string {
  let text = excerpt.text;
  const cutBefore = excerpt.start > 0;
  const cutAfter = full !== undefined && excerpt.end < full.length;
  if (cutBefore && full && WORD_CHAR.test(full[excerpt.start - 1] ?? ''))
    text = text.replace(/^[\p{L}\p{N}]{1,40}/u, '');
  if (cutAfter && WORD_CHAR.test(full[excerpt.end] ?? '')) text = text.replace(/[\p{L}\p{N}]{1,40}$/u, '');
  return `${cutBefore ? '…' : ''}${text.trim()}${cutAfter ? '…' : ''}`;
}

/** The excerpts as context text: each under its item's title, cut at whole words, … where the text goes on. */
export function formatRecall(excerpts: readonly RecallExcerpt[], items: readonly RecallSource[]): string {
  const texts = new Map(items.map((item) => [item.id, item.memory]));
  return excerpts
    .map((excerpt) => `From "${excerpt.title}":\n${tidyExcerpt(excerpt, texts.get(excerpt.itemId))}`)
    .join('\n\n');
}

/** SPEC §2: the context-size chip shows characters, or thousands with a K above 1000 ("850", "1.2K"). */
export function contextChip(chars: number): string {
  const count = Math.max(0, Math.floor(chars));
  if (count <= 1000) return String(count);
  const thousands = count / 1000;
  const shown = thousands >= 100 ? Math.round(thousands).toString() : thousands.toFixed(1);
  return `${shown.replace(/\.0$/, '')}K`;
}

/** SPEC §9: a saved note's title is its first line, cut to `max` characters (40; 50 for canvas notes). */
export function noteTitle(text: string, max = 40): string {
  const firstLine = (text.trim().split(/\r?\n/, 1)[0] ?? '').trim();
  let cut = firstLine.slice(0, max);
  // Never leave half of a surrogate pair (an emoji, a rare CJK character) at the end.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd();
}

/** A passage picked from a longer context. */
export interface ContextSelection {
  text: string;
  /** True when the context was longer than the budget and only some passages were kept. */
  selected: boolean;
  totalChars: number;
}

const PASSAGE_TARGET = 700;

/** Splits text into paragraphs, and long paragraphs into runs of sentences of about PASSAGE_TARGET. */
export function splitPassages(text: string, target = PASSAGE_TARGET): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return paragraphs.flatMap((paragraph) => {
    if (paragraph.length <= target * 1.5) return [paragraph];
    const sentences = paragraph.match(/[^.!?。！？\n]*[.!?。！？\n]+|[^.!?。！？\n]+$/gu) ?? [paragraph];
    const passages: string[] = [];
    let current = '';
    for (const sentence of sentences) {
      if (current && current.length + sentence.length > target) {
        passages.push(current.trim());
        current = '';
      }
      current += sentence;
    }
    if (current.trim()) passages.push(current.trim());
    // A sentence longer than two passages (a table, a run-on line) is cut into pieces.
    const max = target * 2;
    return passages.flatMap((passage) =>
      Array.from({ length: Math.ceil(passage.length / max) }, (_, i) =>
        passage.slice(i * max, (i + 1) * max),
      ),
    );
  });
}

/** How well a passage answers the query's words: each word found counts 1, repeats a little more. */
export function passageScore(passage: string, terms: readonly string[]): number {
  let score = 0;
  for (const word of terms) {
    const count = [...passage.matchAll(termPattern(word))].length;
    if (count > 0) score += 1 + Math.log(count);
  }
  return score;
}

/**
 * Fits a context into `budget` characters. When it is too long, the passages sharing the most words
 * with `query` are kept (in their original order) instead of simply cutting the end; with no useful
 * query words the opening passages are kept.
 */
export function selectRelevantContext(context: string, query: string, budget: number): ContextSelection {
  const text = context.trim();
  if (text.length <= budget) return { text, selected: false, totalChars: text.length };
  const separator = '\n…\n';
  const terms = searchTerms(query);
  const passages = splitPassages(text).map((passage, index) => ({
    passage,
    index,
    score: passageScore(passage, terms),
  }));
  const ranked = [...passages].sort((a, b) => b.score - a.score || a.index - b.index);
  const kept: typeof passages = [];
  let used = 0;
  for (const candidate of ranked) {
    const cost = candidate.passage.length + (kept.length > 0 ? separator.length : 0);
    if (used + cost > budget) continue;
    kept.push(candidate);
    used += cost;
  }
  if (kept.length === 0) {
    const best = ranked[0]?.passage ?? text;
    return { text: best.slice(0, budget), selected: true, totalChars: text.length };
  }
  kept.sort((a, b) => a.index - b.index);
  return {
    text: kept.map((k) => k.passage).join(separator),
    selected: true,
    totalChars: text.length,
  };
}
