import { describe, expect, it } from 'vitest';
import { titleFromMemory } from '../../../../contracts/actions.js';
import {
  RECALL_WINDOW,
  STOP_WORDS,
  contextChip,
  excerptWindow,
  formatRecall,
  noteTitle,
  recall,
  searchTerms,
  selectRelevantContext,
  splitPassages,
} from './recall.js';

const item = (id: string, memory: string, title = `Note ${id}`) => ({ id, title, memory });
const filler = (n: number, word = 'lorem') => `${word} `.repeat(Math.ceil(n / (word.length + 1))).slice(0, n);

describe('stop words', () => {
  it('is a real English list of common words', () => {
    expect(STOP_WORDS.size).toBeGreaterThanOrEqual(100);
    expect(STOP_WORDS.size).toBeLessThanOrEqual(170);
    for (const word of ['the', 'and', 'of', 'to', 'is', 'what', 'because', 'between', 'should']) {
      expect(STOP_WORDS.has(word)).toBe(true);
    }
    for (const word of ['plan', 'budget', 'python', 'meeting']) expect(STOP_WORDS.has(word)).toBe(false);
  });
});

describe('searchTerms', () => {
  it('lower-cases, strips non-alphanumerics and drops stop words', () => {
    expect(searchTerms('What is the PLAN for Q3?!')).toEqual(['plan', 'q3']);
    expect(searchTerms('  budget,,, (draft)  ')).toEqual(['budget', 'draft']);
  });

  it('splits on punctuation, so contractions leave only stop-word pieces behind', () => {
    expect(searchTerms("don't re-plan Ada's")).toEqual(['plan', 'ada']);
  });

  it('keeps letters and digits of any script and de-duplicates', () => {
    expect(searchTerms('Café café 確率 ß')).toEqual(['café', '確率', 'ß']);
  });

  it('is empty for nothing but stop words and punctuation', () => {
    expect(searchTerms('')).toEqual([]);
    expect(searchTerms('   ')).toEqual([]);
    expect(searchTerms('the, of... and!')).toEqual([]);
  });
});

describe('excerptWindow', () => {
  it('is 1000 characters centred on the match', () => {
    expect(RECALL_WINDOW).toBe(1000);
    expect(excerptWindow(5000, 2000, 10, 1000)).toEqual({ start: 1505, end: 2505 });
  });

  it('is clamped to the text at either end', () => {
    expect(excerptWindow(5000, 3, 4, 1000)).toEqual({ start: 0, end: 1000 });
    expect(excerptWindow(5000, 4990, 5, 1000)).toEqual({ start: 4000, end: 5000 });
    expect(excerptWindow(300, 100, 5, 1000)).toEqual({ start: 0, end: 300 });
  });
});

describe('recall', () => {
  it('finds a word and returns a 1000-character window around it with the item title', () => {
    const text = `${filler(2000)} quarterly budget ${filler(2000)}`;
    const result = recall([item('a', text, 'Finance')], 'the budget');
    expect(result.terms).toEqual(['budget']);
    expect(result.excerpts).toHaveLength(1);
    const [excerpt] = result.excerpts;
    expect(excerpt?.title).toBe('Finance');
    expect(excerpt?.text).toHaveLength(1000);
    expect(excerpt?.text).toContain('quarterly budget');
    const at = text.indexOf('budget');
    expect(excerpt?.start).toBe(Math.round(at + 3 - 500));
    expect(excerpt?.text.indexOf('budget')).toBeGreaterThan(450);
    expect(excerpt?.text.indexOf('budget')).toBeLessThan(550);
  });

  it('gives several excerpts for matches far apart, and merges overlapping windows', () => {
    const text = `alpha ${filler(3000)} alpha ${filler(300)} alpha ${filler(3000)}`;
    const result = recall([item('a', text)], 'alpha');
    expect(result.excerpts).toHaveLength(2);
    const [first, second] = result.excerpts;
    expect(first?.start).toBe(0);
    expect(first?.text).toHaveLength(1000);
    // The second and third matches are 306 characters apart: one merged window covers both.
    expect(second?.text.match(/alpha/g)).toHaveLength(2);
    expect(second?.text.length).toBeGreaterThan(1000);
    expect(second?.text.length).toBeLessThan(1400);
  });

  it('searches every item, puts items matching more words first and reports the count', () => {
    const items = [
      item('1', 'Only the garden here.'),
      item('2', 'Garden budget for spring.'),
      item('3', 'Nothing'),
    ];
    const result = recall(items, 'garden budget');
    expect(result.itemCount).toBe(2);
    expect(result.excerpts.map((e) => e.itemId)).toEqual(['2', '1']);
    expect(result.excerpts[0]?.terms.sort()).toEqual(['budget', 'garden']);
  });

  it('matches at word starts in any case, not inside other words', () => {
    const result = recall([item('1', 'Plans for the AIRPLANE show. Planning ahead.')], 'plan');
    expect(result.excerpts).toHaveLength(1);
    const hits = [...'Plans for the AIRPLANE show. Planning ahead.'.matchAll(/plan/gi)].length;
    expect(hits).toBe(3);
    expect(recall([item('1', 'airplane')], 'plan').excerpts).toHaveLength(0);
  });

  it('matches inside unspaced scripts', () => {
    expect(recall([item('1', '中立確率のもとで')], '確率').excerpts).toHaveLength(1);
  });

  it('returns nothing when no item matches, or when the term has only stop words', () => {
    expect(recall([item('1', 'some text')], 'zebra')).toMatchObject({ excerpts: [], itemCount: 0 });
    expect(recall([item('1', 'the text')], 'the of')).toMatchObject({ terms: [], excerpts: [] });
  });

  it('caps the number of excerpts', () => {
    const text = Array.from({ length: 40 }, () => `word ${filler(1200)}`).join(' ');
    const result = recall([item('1', text)], 'word', { maxExcerpts: 5 });
    expect(result.excerpts).toHaveLength(5);
    expect(result.truncated).toBe(true);
  });

  it('formats excerpts under their titles with ellipses where the text goes on', () => {
    const text = `${filler(1500)} budget ${filler(1500)}`;
    const items = [item('1', text, 'Money'), item('2', 'short budget', 'Tiny')];
    const formatted = formatRecall(recall(items, 'budget').excerpts, items);
    expect(formatted).toMatch(/^From "Money":\n…lorem lorem/);
    expect(formatted).toMatch(/lorem…\n\nFrom "Tiny":\nshort budget$/);
    expect(formatted).not.toMatch(/ (o|re|rem|lor|lore)…/);
  });
});

describe('contextChip', () => {
  it('shows characters up to 1000, then thousands with a K', () => {
    expect(contextChip(0)).toBe('0');
    expect(contextChip(850)).toBe('850');
    expect(contextChip(1000)).toBe('1000');
    expect(contextChip(1001)).toBe('1K');
    expect(contextChip(1234)).toBe('1.2K');
    expect(contextChip(15_480)).toBe('15.5K');
    expect(contextChip(250_400)).toBe('250K');
  });
});

describe('noteTitle', () => {
  it('is the first line cut to 40 characters', () => {
    expect(noteTitle('Shopping list\nmilk\neggs')).toBe('Shopping list');
    expect(noteTitle('  \n\n  Padded first line  \nrest')).toBe('Padded first line');
    expect(noteTitle('x'.repeat(60))).toBe('x'.repeat(40));
    expect(noteTitle('y'.repeat(60), 50)).toBe('y'.repeat(50));
    expect(noteTitle('')).toBe('');
  });

  it('agrees with the server for ordinary text and never splits an emoji', () => {
    const text = 'Meeting notes for the quarterly planning session\nmore';
    expect(noteTitle(text)).toBe(titleFromMemory(text));
    expect(noteTitle(`${'a'.repeat(39)}😀 tail`)).toBe('a'.repeat(39));
  });
});

describe('selectRelevantContext', () => {
  it('keeps a context that fits as it is', () => {
    expect(selectRelevantContext('  short context  ', 'anything', 100)).toEqual({
      text: 'short context',
      selected: false,
      totalChars: 13,
    });
  });

  it('picks the passages that share words with the query instead of cutting the end', () => {
    const paragraphs = [
      `Gardening. ${filler(600, 'soil')}`,
      `Cooking. ${filler(600, 'pasta')}`,
      `Taxes are due in April; keep receipts for the tax return. ${filler(500, 'forms')}`,
      `Travel. ${filler(600, 'train')}`,
    ];
    const result = selectRelevantContext(paragraphs.join('\n\n'), 'When are my taxes due?', 800);
    expect(result.selected).toBe(true);
    expect(result.text).toContain('Taxes are due in April');
    expect(result.text).not.toContain('Gardening');
    expect(result.text.length).toBeLessThanOrEqual(800);
  });

  it('keeps chosen passages in their original order and falls back to the opening without query words', () => {
    const paragraphs = ['Alpha intro', 'Beta middle', 'Gamma end'].map((p) => `${p}. ${filler(300)}`);
    const context = paragraphs.join('\n\n');
    const ordered = selectRelevantContext(context, 'gamma alpha', 700);
    expect(ordered.text.indexOf('Alpha')).toBeLessThan(ordered.text.indexOf('Gamma'));
    expect(ordered.text).not.toContain('Beta');
    const opening = selectRelevantContext(context, 'the of', 400);
    expect(opening.text.startsWith('Alpha intro')).toBe(true);
  });

  it('splits long paragraphs into sentence-sized passages without losing text', () => {
    const paragraph = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const passages = splitPassages(paragraph, 200);
    expect(passages.length).toBeGreaterThan(5);
    expect(passages.every((p) => p.length <= 400)).toBe(true);
    expect(passages.join(' ').replace(/\s+/g, ' ')).toBe(paragraph);
  });
});
