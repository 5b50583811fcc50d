import { describe, expect, it } from 'vitest';
import { AI_LIMITS } from '../../../../contracts/ai.js';
import { PLAIN_TEXT_RULE, PRESETS, STUDIO_SHORTCUTS, type PresetId } from './studio-presets.js';
import {
  PROMPT_BUDGET,
  buildPresetPrompt,
  fitConversation,
  presetCanRun,
  type StudioTurn,
} from './studio-prompt.js';

const empty = { input: '', conversation: [], context: '' };
const AI_PRESET_IDS = Object.keys(PRESETS) as PresetId[];
const lastLine = (text: string) => text.split('\n').at(-1);

describe('presets', () => {
  it('has the 16 SPEC shortcuts, of which all but recall and web are AI presets, plus ask, fast and more', () => {
    expect(STUDIO_SHORTCUTS).toEqual([
      'research',
      'rethink',
      'autoreply',
      'translate',
      'recall',
      'web',
      'ideas',
      'simple',
      'listify',
      'code',
      'text',
      'email',
      'event',
      'market',
      'topics',
      'socials',
    ]);
    const aiShortcuts = STUDIO_SHORTCUTS.filter((s) => s !== 'recall' && s !== 'web');
    expect(AI_PRESET_IDS.sort()).toEqual([...aiShortcuts, 'ask', 'fast', 'more'].sort());
    for (const id of AI_PRESET_IDS) expect(PRESETS[id].id).toBe(id);
  });

  it('gives every preset a role, a task and a length or format, and a tooltip hint', () => {
    for (const id of AI_PRESET_IDS) {
      const { instruction, hint, label } = PRESETS[id];
      expect(label.length, id).toBeGreaterThan(0);
      expect(hint.length, id).toBeGreaterThan(5);
      expect(instruction, id).toMatch(/^You /);
      expect(instruction, id).toMatch(
        /\d+ (words|sentences|characters|ideas|posts|lines)|exactly|at most|under/i,
      );
    }
  });

  it('forbids the asterisk and markdown in the presets that write prose for pasting', () => {
    const prose: PresetId[] = [
      'text',
      'email',
      'socials',
      'autoreply',
      'event',
      'market',
      'simple',
      'listify',
    ];
    for (const id of prose) {
      expect(PRESETS[id].plainText, id).toBe(true);
      expect(PRESETS[id].instruction, id).toContain('never use the asterisk character (*)');
      expect(PRESETS[id].instruction, id).toContain('no markdown');
    }
    const forbidding = AI_PRESET_IDS.filter((id) => PRESETS[id].instruction.includes(PLAIN_TEXT_RULE));
    expect(forbidding.length).toBeGreaterThan(AI_PRESET_IDS.length / 2);
    // Code may need the asterisk (multiplication, pointers, globs).
    expect(PRESETS.code.instruction).not.toContain('asterisk');
  });

  it('asks the brainstorm for exactly 10 one-line ideas', () => {
    expect(PRESETS.ideas.instruction).toContain('exactly 10 ideas');
    expect(PRESETS.ideas.instruction).toMatch(/one idea per line, each a single line/);
  });

  it('covers 4 styles in the social posts', () => {
    expect(PRESETS.socials.instruction).toContain('Write 4 posts');
    for (const style of ['Professional', 'Casual', 'Witty', 'Inspirational']) {
      expect(PRESETS.socials.instruction).toContain(style);
    }
  });

  it('keeps fast short and makes more continue without repeating', () => {
    expect(PRESETS.fast.instruction).toContain('at most 2 sentences');
    expect(PRESETS.more.instruction).toMatch(/exactly where it stopped/);
    expect(PRESETS.more.instruction).toMatch(/Do not repeat/);
  });
});

describe('buildPresetPrompt', () => {
  it.each(AI_PRESET_IDS)('builds the %s prompt: instruction, context, conversation, request last', (id) => {
    const built = buildPresetPrompt(PRESETS[id], {
      input: 'Plan a team offsite',
      conversation: [
        { role: 'user', text: 'Who is coming?' },
        { role: 'assistant', text: 'Twelve people from design.' },
      ],
      context: 'Budget: 3000 dollars. Location: near Lisbon.',
    });
    const { prompt } = built;
    expect(prompt.startsWith(PRESETS[id].instruction)).toBe(true);
    expect(prompt).toContain('Context:\n"""\nBudget: 3000 dollars. Location: near Lisbon.\n"""');
    expect(prompt).toContain(
      'Conversation so far:\nUser: Who is coming?\nAssistant: Twelve people from design.',
    );
    expect(lastLine(prompt)).toBe('Request: Plan a team offsite');
    expect(prompt.indexOf('Context:')).toBeLessThan(prompt.indexOf('Conversation so far'));
    expect(built).toMatchObject({ contextSelected: false, conversationCut: false, inputCut: false });
    expect(built.contextChars).toBe(44);
    expect(built.contextSentChars).toBe(44);
  });

  it('leaves out empty parts and says when there is no request', () => {
    const { prompt } = buildPresetPrompt(PRESETS.rethink, empty);
    expect(prompt).not.toContain('Context:');
    expect(prompt).not.toContain('Conversation so far');
    expect(lastLine(prompt)).toBe('Request: (none: use the conversation and the context)');
  });

  it('keeps the request on one line', () => {
    const { prompt } = buildPresetPrompt(PRESETS.ask, { ...empty, input: 'first\n  second\r\nthird' });
    expect(lastLine(prompt)).toBe('Request: first second third');
  });

  it('uses a saved prompt’s own instruction with the plain-text rule', () => {
    const { prompt } = buildPresetPrompt('You are a haiku poet. Write a haiku.', {
      ...empty,
      input: 'autumn',
    });
    expect(prompt.startsWith(`You are a haiku poet. Write a haiku.\n${PLAIN_TEXT_RULE}`)).toBe(true);
    expect(lastLine(prompt)).toBe('Request: autumn');
  });

  it('selects the context passages relevant to the input when the context is over budget, and says so', () => {
    const noise = (word: string) => `${word} `.repeat(150);
    const context = [noise('soil'), 'The invoice number is 4471 and it is due Friday.', noise('pasta')].join(
      '\n\n',
    );
    const built = buildPresetPrompt(
      PRESETS.ask,
      { input: 'Which invoice is due?', conversation: [], context },
      { ...PROMPT_BUDGET, context: 400 },
    );
    expect(built.contextSelected).toBe(true);
    expect(built.contextChars).toBe(context.trim().length);
    expect(built.contextSentChars).toBeLessThanOrEqual(400);
    expect(built.prompt).toContain('The invoice number is 4471');
    expect(built.prompt).toContain(`The context was ${context.trim().length} characters`);
  });

  it('matches the context to the latest turn when there is no input', () => {
    const context = ['Apples are red. '.repeat(30), 'Rockets need fuel. '.repeat(30)].join('\n\n');
    const built = buildPresetPrompt(
      PRESETS.more,
      { input: '', conversation: [{ role: 'assistant', text: 'Rockets are…' }], context },
      { ...PROMPT_BUDGET, context: 600 },
    );
    expect(built.prompt).toContain('Rockets need fuel');
    expect(built.prompt).not.toContain('Apples');
  });

  it('keeps the newest turns of a long conversation and the end of a long last answer', () => {
    const conversation: StudioTurn[] = Array.from({ length: 50 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      text: `turn ${i} ${'x'.repeat(200)}`,
    }));
    const built = buildPresetPrompt(PRESETS.ask, { input: 'hi', conversation, context: '' });
    expect(built.conversationCut).toBe(true);
    expect(built.prompt).toContain('turn 49');
    expect(built.prompt).not.toContain('turn 0 ');
    const fitted = fitConversation([{ role: 'assistant', text: `start ${'y'.repeat(500)} the end` }], 200);
    expect(fitted.cut).toBe(true);
    expect(fitted.lines[0]).toMatch(/^Assistant: …y+ the end$/);
    expect(fitted.lines[0]?.length).toBeLessThanOrEqual(200);
  });

  it('never exceeds the server’s message limit, whatever the sizes', () => {
    const huge = 'word '.repeat(20_000);
    const built = buildPresetPrompt(PRESETS.research, {
      input: huge,
      conversation: [
        { role: 'user', text: huge },
        { role: 'assistant', text: huge },
      ],
      context: huge,
    });
    expect(built.prompt.length).toBeLessThanOrEqual(AI_LIMITS.promptMax);
    expect(built.inputCut).toBe(true);
    expect(built.contextSelected).toBe(true);
    expect(built.conversationCut).toBe(true);
  });
});

describe('presetCanRun', () => {
  it('needs input for ask and fast, a previous answer for more, and anything at all for shortcuts', () => {
    expect(presetCanRun('ask', empty)).toBe(false);
    expect(presetCanRun('ask', { ...empty, input: ' hi ' })).toBe(true);
    expect(presetCanRun('fast', { ...empty, context: 'ctx' })).toBe(false);
    expect(presetCanRun('more', { ...empty, conversation: [{ role: 'user', text: 'q' }] })).toBe(false);
    expect(presetCanRun('more', { ...empty, conversation: [{ role: 'assistant', text: 'a' }] })).toBe(true);
    expect(presetCanRun('rethink', empty)).toBe(false);
    expect(presetCanRun('rethink', { ...empty, context: 'some text' })).toBe(true);
    expect(presetCanRun('ideas', { ...empty, input: 'gifts' })).toBe(true);
  });
});
