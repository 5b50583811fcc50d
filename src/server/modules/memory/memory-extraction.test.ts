import { describe, expect, it } from 'vitest';
import { MEMORY_LIMITS } from '../../../contracts/memory.js';
import { extractionPrompt, MEMORY_INSTRUCTION, parseFacts } from './memory-extraction.js';

describe('parseFacts', () => {
  it('takes one fact a line, without list markers or quotes, and drops NONE and empty lines', () => {
    expect(
      parseFacts(
        '- Their name is Ada.\n\n* Likes tea.\n3) "Sails on weekends."\nNONE\n• Lives in Leeds.',
        [],
      ),
    ).toEqual(['Their name is Ada.', 'Likes tea.', 'Sails on weekends.']);
  });

  it('drops what is remembered already or repeated, however it is cased or punctuated', () => {
    expect(
      parseFacts('their NAME is ada\nLikes tea!\nLikes tea.\nHas a cat named Io.', ['Their name is Ada.']),
    ).toEqual(['Likes tea', 'Has a cat named Io.']);
    // A fact inside an older one is still new.
    expect(parseFacts('Likes sailing.', ['Dislikes sailing.'])).toEqual(['Likes sailing.']);
  });

  it('filters each fact as replies are (SPEC §5), so no markup the model writes is kept', () => {
    expect(
      parseFacts(
        '- Their name is <b>Ada</b>.\n* **Likes** [tea](javascript:alert(1)) & cake!\n- <i></i>\n- ---',
        [],
      ),
    ).toEqual(['Their name is b Ada b .', 'Likes tea javascript alert 1 cake', 'i i']);
    expect(parseFacts('<<>>\n""\n- &', [])).toEqual([]);
  });

  it('keeps at most a few a reply and never a fact too long to keep whole', () => {
    const long = 'x'.repeat(MEMORY_LIMITS.itemChars + 1);
    expect(parseFacts(`${long}\na\nb\nc\nd`, [])).toEqual(['a', 'b', 'c']);
    expect(parseFacts('NONE', [])).toEqual([]);
    expect(parseFacts('', [])).toEqual([]);
  });
});

describe('extractionPrompt', () => {
  it('gives the instruction, what is known and the latest exchange', () => {
    const [system, user] = extractionPrompt(
      { personaName: 'Nova', said: ['hi', 'I am Ada'], reply: 'Ahoy Ada!' },
      ['Likes tea.'],
    );
    expect(system).toEqual({ role: 'system', content: MEMORY_INSTRUCTION });
    expect(user?.content).toBe(
      'Already remembered:\n- Likes tea.\n\nLatest exchange:\nPerson: hi\nPerson: I am Ada\nNova: Ahoy Ada!',
    );
    expect(extractionPrompt({ personaName: 'Nova', said: [], reply: 'x' }, [])[1]?.content).toContain(
      '(nothing yet)',
    );
  });
});
