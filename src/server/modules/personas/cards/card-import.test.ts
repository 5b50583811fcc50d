import { describe, expect, it } from 'vitest';
import { CreateAiRequest, type CardDraft } from '../../../../contracts/personas.js';
import { PERSONA_LIMITS } from '../../../../contracts/rules.js';
import { DEFAULT_VOICE } from '../../../../contracts/voices.js';
import { cardToPng } from './card-export.js';
import { BIO_SUMMARY_MAX, CARD_ERRORS, CardError, cardToDraft, decodeCardFile } from './card-import.js';
import { withTextChunk } from './png-chunks.js';

const dataUrl = (mime: string, bytes: Buffer | string) =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

/** The draft is valid input for creating a persona, and creating changes none of its values (a card has no voice). */
function expectCreatable(draft: CardDraft) {
  const { notes: _notes, ...fields } = draft;
  // A card that does not say its rating is created general unless the person picks otherwise.
  expect(CreateAiRequest.parse(fields)).toEqual({ rating: 'general', ...fields, voice: DEFAULT_VOICE });
  expect(draft.prompt.length).toBeLessThanOrEqual(PERSONA_LIMITS.editFieldMax);
}

const lore = 'The Gull is an old brigantine with patched red sails and a figurehead shaped like a gull. ';
const v2Card = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Captain Mireille "Storm" Dubois ⚓',
    description: `{{char}} is a weathered sea captain who's sailed the "Seven Seas". ${lore.repeat(30)}`,
    personality: 'gruff, loyal, superstitious; loves rum & sea shanties',
    scenario: "{{user}} has just signed on as a deckhand aboard <BOT>'s ship, the Gull.",
    first_mes: '*{{char}} looks you up and down.* "So you\'re the new hand, eh? Can you tie a bowline?"',
    mes_example: '<START>\n{{user}}: What\'s our heading?\n{{char}}: "North by northeast. Storm\'s coming."',
    creator_notes: 'Best with temperature 0.8',
    system_prompt: "{{original}} Write {{char}}'s next reply in a nautical adventure.",
    post_history_instructions: 'Stay in character.',
    alternate_greetings: ['*The ship lurches.* "Hold on!"'],
    tags: ['Adventure', 'pirates', 'epic', 'Fun'],
    creator: 'seadog',
    character_version: '1.2',
    extensions: { talkativeness: '0.5' },
  },
};

describe('cardToDraft', () => {
  it('maps a V2 card: the sheet becomes the prompt, examples the memory, first_mes the opening message', () => {
    const draft = cardToDraft(v2Card);
    expectCreatable(draft);
    expect(draft.name).toBe('Captain Mireille Storm Dubois');
    expect(draft.username).toBe('captainmireillestormdubois');
    expect(draft.tag).toBe('Epic');
    // The public bio is the creator's notes, never the character sheet or the example dialogue.
    expect(draft.bio).toBe('Best with temperature 0.8');
    expect(draft.prompt).toMatch(
      /^You are Captain Mireille Storm Dubois\.\n\nCaptain Mireille Storm Dubois is a weathered sea captain whos sailed the Seven Seas\. The Gull is/,
    );
    expect(draft.prompt.length).toBeLessThanOrEqual(PERSONA_LIMITS.editFieldMax);
    // What the prompt cannot hold starts the memory; personality, scenario and system prompt come after it.
    expect(draft.memory).toMatch(/^More about Captain Mireille Storm Dubois:\n/);
    const sheet = `${draft.prompt} ${draft.memory.split('\n\nExample dialogue:')[0]?.split(':\n')[1]}`;
    expect(sheet).toContain('Personality: gruff, loyal, superstitious loves rum sea shanties');
    expect(sheet).toContain(
      'Scenario: the user has just signed on as a deckhand aboard Captain Mireille Storm Duboiss ship, the Gull.',
    );
    expect(sheet).toContain('Write Captain Mireille Storm Duboiss next reply in a nautical adventure.');
    expect(draft.memory).toMatch(
      /\n\nExample dialogue:\nthe user: Whats our heading\nCaptain Mireille Storm Dubois: North by northeast\. Storms coming\.$/,
    );
    expect(draft.bio).not.toContain('heading');
    // The opening message keeps what a persona's reply may hold: apostrophes and question marks stay.
    expect(draft.openingMessage).toBe(
      "Captain Mireille Storm Dubois looks you up and down. So you're the new hand, eh? Can you tie a bowline?",
    );
    expect(draft.profilePic).toBe('');
    expect(draft.notes).toEqual([
      'Removed characters that names cannot use (names keep letters, digits and spaces).',
      'The prompt holds 1,000 characters; the rest of the character sheet starts the memory.',
      expect.stringMatching(/^Removed \d+ characters that personas cannot use/),
      'Alternate greetings are not imported.',
      'Post-history instructions are not imported.',
    ]);
  });

  it('makes a short public bio from the description when the card has no creator notes', () => {
    const draft = cardToDraft({ ...v2Card, data: { ...v2Card.data, creator_notes: '' } });
    expectCreatable(draft);
    expect(draft.bio).toBe(
      'Captain Mireille Storm Dubois is a weathered sea captain whos sailed the Seven Seas. The Gull is an old brigantine with patched red sails and a figurehead shaped like a gull.',
    );
    expect(draft.bio.length).toBeLessThanOrEqual(BIO_SUMMARY_MAX);
    expect(draft.notes).toContain(
      'The bio is the start of the description; the whole description is in the prompt.',
    );
  });

  it('maps a V1 card with <BOT> and <USER>, no tags and an emoji name', () => {
    const draft = cardToDraft({
      name: 'Luna 🌙',
      description: '<BOT> is a moon spirit who guides <USER> through dreams.',
      personality: 'dreamy, kind',
      scenario: '',
      first_mes: 'Hello, traveller… are you lost?',
      mes_example: '',
      creatorcomment: 'My first bot!',
    });
    expectCreatable(draft);
    expect(draft).toMatchObject({
      name: 'Luna',
      username: 'luna',
      tag: 'Fun',
      bio: 'My first bot!',
      prompt:
        'You are Luna.\n\nLuna is a moon spirit who guides the user through dreams.\n\nPersonality: dreamy, kind',
      memory: '',
      openingMessage: 'Hello, traveller are you lost?',
    });
    expect(draft.notes).toEqual([
      'Removed characters that names cannot use (names keep letters, digits and spaces).',
      'The card has no category we use; chose Fun.',
      'Removed 1 character that personas cannot use (such as quotes and question marks).',
    ]);
  });

  it('maps a V3 card: nickname for {{char}}, a long sheet split between prompt and memory, the lorebook noted', () => {
    const draft = cardToDraft({
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: {
        name: 'Dr. Violet Hale',
        nickname: 'Vi',
        description: '',
        creator_notes: "A chemist from 1920's London. Loves {{user}}!",
        personality: '{{char}} is brilliant and impatient. '.repeat(40),
        tags: ['science', 'History'],
        group_only_greetings: ['Hello, everyone.'],
        character_book: { entries: [{ keys: ['lab'], content: 'Her lab is in Soho.' }] },
        assets: [{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }],
        creation_date: 1700000000,
      },
    });
    expectCreatable(draft);
    expect(draft).toMatchObject({ name: 'Dr Violet Hale', username: 'drviolethale', tag: 'Science' });
    expect(draft.bio).toBe('A chemist from 1920s London. Loves the user!');
    expect(draft.prompt).toMatch(/^You are Dr Violet Hale\.\n\nPersonality: Vi is brilliant and impatient\./);
    expect(draft.memory).toMatch(/^More about Dr Violet Hale:\nVi is brilliant and impatient\./);
    expect(`${draft.prompt} ${draft.memory.slice('More about Dr Violet Hale:\n'.length)}`).toBe(
      `You are Dr Violet Hale.\n\nPersonality: ${'Vi is brilliant and impatient. '.repeat(40).trim()}`,
    );
    expect(draft.notes).toEqual([
      'Removed characters that names cannot use (names keep letters, digits and spaces).',
      'The prompt holds 1,000 characters; the rest of the character sheet starts the memory.',
      'Removed 1 character that personas cannot use (such as quotes and question marks).',
      'Group chat greetings are not imported.',
      'The lorebook is not imported.',
    ]);
  });

  it.each([
    ['a name in another script', '月の精', /^persona\d{4}$/],
    ['a reserved name', 'AI', /^ai\d{4}$/],
    ['a very long name', 'Bartholomew Fitzgerald Montgomery the Third', /^bartholomewfitzgeraldmontgomer$/],
  ])('suggests a usable username for %s', (_label, name, pattern) => {
    const draft = cardToDraft({ name, description: 'Someone.' });
    expectCreatable(draft);
    expect(draft.username).toMatch(pattern);
  });

  it('fills in a name and a bio when the card has neither', () => {
    const draft = cardToDraft({ spec: 'chara_card_v2', data: { name: '???' } });
    expectCreatable(draft);
    expect(draft).toMatchObject({
      name: 'Imported Persona',
      bio: 'Imported Persona is an imported character.',
    });
    expect(draft.notes).toContain('The card has no usable name; named it Imported Persona.');
    expect(draft.notes).toContain('The card has no description; wrote a short bio.');
  });

  it.each([[null], [[1, 2]], [{ hello: 'world' }], [{ spec: 'chara_card_v2', data: {} }]])(
    'refuses %j as not a character card',
    (json) => {
      expect(() => cardToDraft(json)).toThrow(new CardError(CARD_ERRORS.notCard));
    },
  );
});

describe('decodeCardFile', () => {
  const v1 = { name: 'Luna', description: 'A moon spirit.' };

  it.each(['application/json', 'text/json', 'application/octet-stream', 'text/plain'])(
    'reads JSON sent as %s',
    async (mime) => {
      expect((await decodeCardFile(dataUrl(mime, `\uFEFF${JSON.stringify(v1)}`))).json).toEqual(v1);
    },
  );

  it('accepts a file of exactly 5 MB', async () => {
    const json = `{"name":"Big","description":"${'a'.repeat(5 * 1024 * 1024 - 32)}"}`;
    expect(((await decodeCardFile(dataUrl('application/json', json))).json as { name: string }).name).toBe(
      'Big',
    );
  });

  const png = cardToPng(v1);
  const badCrc = Buffer.from(png);
  badCrc[20] = (badCrc[20] ?? 0) ^ 1;
  const noCard = withTextChunk(png, 'Software', 'x', ['chara', 'Software']);
  it.each([
    ['no data URL', 'hello', CARD_ERRORS.notDataUrl],
    ['a URL-encoded data URL', 'data:application/json,%7B%7D', CARD_ERRORS.notDataUrl],
    ['an unsupported type', dataUrl('text/html', '<p>hi</p>'), CARD_ERRORS.type],
    [
      'a file over 5 MB',
      dataUrl('application/json', Buffer.alloc(5 * 1024 * 1024 + 1, 32)),
      CARD_ERRORS.tooLarge,
    ],
    ['a much larger file', dataUrl('image/png', Buffer.alloc(7 * 1024 * 1024)), CARD_ERRORS.tooLarge],
    ['text that is not JSON', dataUrl('application/json', 'name: Luna'), CARD_ERRORS.notJson],
    ['broken base64', 'data:application/json;base64,eyJ!!!', CARD_ERRORS.notJson],
    ['a JPEG called PNG', dataUrl('image/png', Buffer.from([0xff, 0xd8, 0xff, 0xe0])), CARD_ERRORS.notPng],
    ['a PNG with a bad checksum', dataUrl('image/png', badCrc), CARD_ERRORS.damagedPng],
    ['a truncated PNG', dataUrl('image/png', png.subarray(0, png.length - 20)), CARD_ERRORS.damagedPng],
    ['a PNG without a card', dataUrl('image/png', noCard), CARD_ERRORS.noCard],
    [
      'a card chunk that is not JSON',
      dataUrl('image/png', withTextChunk(png, 'chara', 'bm90IGpzb24=')),
      CARD_ERRORS.notJson,
    ],
  ])('refuses %s', async (_label, input, message) => {
    await expect(decodeCardFile(input)).rejects.toThrow(new CardError(message));
  });
});
