import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { STARTER_PERSONAS } from '../starter-personas.js';
import { BLANK_CARD_HEIGHT, BLANK_CARD_WIDTH, cardToPng, personaToCardV2 } from './card-export.js';
import { parseCard } from './card-format.js';
import { cardToDraft, decodeCardFile } from './card-import.js';
import { PNG_SIGNATURE, PngError, crc32, readChunks, readTextChunks, withTextChunk } from './png-chunks.js';

const persona = {
  name: 'Captain Pun',
  username: 'captainpun',
  bio: 'A pirate captain with a treasure chest of terrible puns.',
  prompt: 'You are Captain Pun, a cheerful pirate.\n\nKeep replies short.',
  memory: 'My ship is the Groan Voyage.\n\nMy parrot judges every pun.',
  openingMessage: "Ahoy, matey. Ready for a pun? I've got 100% more than you'd think.",
  tag: 'Fun',
  createdByUsername: 'alice',
};

/** Walks the file by hand, independently of readChunks, checking every length and CRC. */
function walkChunks(png: Buffer): { type: string; data: Buffer }[] {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  const chunks = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const typeAndData = png.subarray(offset + 4, offset + 8 + length);
    expect(crc32(typeAndData)).toBe(png.readUInt32BE(offset + 8 + length));
    chunks.push({ type: typeAndData.toString('latin1', 0, 4), data: typeAndData.subarray(4) });
    offset += 12 + length;
  }
  return chunks;
}

describe('personaToCardV2', () => {
  it('writes a valid V2 card that other apps and Simplified both read', () => {
    const card = personaToCardV2(persona);
    expect(card).toMatchObject({
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        name: 'Captain Pun',
        description: `${persona.bio}\n\n${persona.memory}`,
        system_prompt: persona.prompt,
        personality: '',
        scenario: '',
        first_mes: persona.openingMessage,
        mes_example: '',
        tags: ['Fun'],
        creator: 'alice',
        character_version: '1',
        extensions: {
          simplified: { username: 'captainpun', tag: 'Fun', bio: persona.bio, memory: persona.memory },
        },
      },
    });
    expect(card.data.creator_notes).toContain('Exported from Simplified');
    expect(parseCard(JSON.parse(JSON.stringify(card)))).toMatchObject({ version: 2, name: 'Captain Pun' });
  });

  it('leaves the description as just the bio when there is no memory', () => {
    expect(personaToCardV2({ ...persona, memory: '' }).data.description).toBe(persona.bio);
  });
});

describe('cardToPng', () => {
  it('generates a valid 400x600 PNG with every chunk CRC correct', () => {
    const png = cardToPng(personaToCardV2(persona));
    const chunks = walkChunks(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'tEXt', 'IEND']);
    const header = chunks[0]?.data ?? Buffer.alloc(0);
    expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([BLANK_CARD_WIDTH, BLANK_CARD_HEIGHT]);
    expect([BLANK_CARD_WIDTH, BLANK_CARD_HEIGHT]).toEqual([400, 600]);
    expect([...header.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    // The pixels decode to 600 rows of filter byte 0 followed by 400 RGB pixels of one colour.
    const pixels = inflateSync(chunks[1]?.data ?? Buffer.alloc(0));
    expect(pixels.length).toBe(600 * (1 + 400 * 3));
    expect(pixels[0]).toBe(0);
    expect(pixels.subarray(1, 4).equals(pixels.subarray(pixels.length - 3))).toBe(true);
  });

  it('writes the card into a given picture, replacing any old chara and ccv3 chunks', async () => {
    const base = withTextChunk(cardToPng({ name: 'Old', description: 'old' }), 'ccv3', 'b2xk');
    const png = cardToPng(personaToCardV2(persona), base);
    const idat = (file: Buffer) => readChunks(file).find((c) => c.type === 'IDAT')?.data;
    expect(idat(png)?.equals(idat(base) ?? Buffer.alloc(0))).toBe(true);
    const texts = await readTextChunks(readChunks(png), ['chara', 'ccv3']);
    expect(texts.map((t) => t.keyword)).toEqual(['chara']);
    const json: unknown = JSON.parse(Buffer.from(texts[0]?.text ?? '', 'base64').toString('utf8'));
    expect(json).toEqual(personaToCardV2(persona));
  });

  it('refuses a damaged base picture', () => {
    expect(() => cardToPng({}, Buffer.from('not a png'))).toThrow(PngError);
  });
});

describe('export then import', () => {
  const roundTrip = async (p: typeof persona) => {
    const { json, png } = await decodeCardFile(
      `data:image/png;base64,${cardToPng(personaToCardV2(p)).toString('base64')}`,
    );
    return cardToDraft(json, png);
  };

  it('reproduces every field with no notes', async () => {
    const { createdByUsername: _creator, ...fields } = persona;
    expect(await roundTrip(persona)).toEqual({ ...fields, profilePic: '', notes: [] });
  });

  it.each(STARTER_PERSONAS.map((p) => [p.username, p] as const))(
    'reproduces starter persona %s',
    async (_u, p) => {
      const draft = await roundTrip({ ...p, openingMessage: '', createdByUsername: 'simplified' });
      // "ai" is reserved, so the import suggests a variant; everything else comes back as it was.
      const username = p.username === 'ai' ? expect.stringMatching(/^ai\d{4}$/) : p.username;
      expect(draft).toEqual({ ...p, username, openingMessage: '', profilePic: '', notes: [] });
    },
  );

  it('still works when another app drops our extension', () => {
    const card = personaToCardV2(persona);
    const draft = cardToDraft({ ...card, data: { ...card.data, extensions: {} } });
    expect(draft).toMatchObject({ name: persona.name, username: 'captainpun', tag: 'Fun' });
    // Without it the card reads like any other: creator notes for the bio, the sheet for the prompt.
    expect(draft.bio).toBe('Exported from Simplified. Created by alice.');
    expect(draft.prompt).toBe(
      `You are Captain Pun.\n\n${persona.bio}\n\n${persona.memory}\n\n${persona.prompt}`,
    );
    expect(draft.openingMessage).toBe(persona.openingMessage);
  });
});

describe('PNG cards through decodeCardFile', () => {
  const v1 = { name: 'Luna', description: 'A moon spirit.' };
  const pngUrl = (png: Buffer, mime = 'image/png') => `data:${mime};base64,${png.toString('base64')}`;

  it('reads a PNG card, also when the browser calls it octet-stream', async () => {
    const png = cardToPng(v1);
    expect((await decodeCardFile(pngUrl(png))).json).toEqual(v1);
    expect((await decodeCardFile(pngUrl(png, 'application/octet-stream'))).json).toEqual(v1);
  });

  it('prefers the ccv3 chunk over chara, in either order, unless ccv3 is unreadable', async () => {
    const v3 = { spec: 'chara_card_v3', spec_version: '3.0', data: { name: 'New' } };
    const b64 = (json: unknown) => Buffer.from(JSON.stringify(json)).toString('base64');
    const charaThenCcv3 = withTextChunk(cardToPng({ name: 'Old', description: '' }), 'ccv3', b64(v3));
    expect((await decodeCardFile(pngUrl(charaThenCcv3))).json).toEqual(v3);
    const ccv3ThenChara = withTextChunk(charaThenCcv3, 'chara', b64(v1));
    expect((await decodeCardFile(pngUrl(ccv3ThenChara))).json).toEqual(v3);
    const brokenV3 = withTextChunk(ccv3ThenChara, 'ccv3', 'not base64 json!');
    expect((await decodeCardFile(pngUrl(brokenV3))).json).toEqual(v1);
  });

  it('accepts a chara chunk holding plain JSON, as some old tools wrote', async () => {
    const png = withTextChunk(cardToPng(v1), 'chara', JSON.stringify(v1));
    expect((await decodeCardFile(pngUrl(png))).json).toEqual(v1);
  });
});
