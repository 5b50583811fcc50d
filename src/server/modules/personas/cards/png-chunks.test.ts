import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  MAX_CHUNKS,
  MAX_TEXT_BYTES,
  PNG_SIGNATURE,
  PngError,
  PngTextTooLarge,
  crc32,
  encodePng,
  readChunks,
  readTextChunks,
  textChunk,
  withTextChunk,
  type PngChunk,
} from './png-chunks.js';

const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const pixel = deflateSync(Buffer.from([0, 255, 0, 0]));
const basic: PngChunk[] = [
  { type: 'IHDR', data: header },
  { type: 'IDAT', data: pixel },
  { type: 'IEND', data: Buffer.alloc(0) },
];
const png = encodePng(basic);

/** iTXt body: keyword\0, compression flag, method, language\0, translated keyword\0, text. */
function itxt(keyword: string, text: string, compressed: boolean): PngChunk {
  const body = compressed ? deflateSync(Buffer.from(text, 'utf8')) : Buffer.from(text, 'utf8');
  const head = Buffer.from(`${keyword}\0${compressed ? '\x01' : '\x00'}\0en\0\0`, 'latin1');
  return { type: 'iTXt', data: Buffer.concat([head, body]) };
}

describe('crc32', () => {
  it('matches the standard check values', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
    expect(crc32(Buffer.from('IE'), Buffer.from('ND'))).toBe(0xae426082);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });
});

describe('readChunks', () => {
  it('reads back what encodePng wrote', () => {
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const chunks = readChunks(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks[1]?.data.equals(pixel)).toBe(true);
  });

  it('ignores bytes after IEND, as viewers do', () => {
    expect(readChunks(Buffer.concat([png, Buffer.from('trailing')])).length).toBe(3);
  });

  it.each([
    ['a wrong signature', Buffer.concat([Buffer.from('GIF89a'), png.subarray(6)]), 'not a PNG'],
    ['an empty file', Buffer.alloc(0), 'not a PNG'],
    ['a file cut short', png.subarray(0, png.length - 6), 'cut short'],
    ['a file cut inside a chunk', png.subarray(0, 30), 'cut short'],
    ['no IEND', encodePng(basic.slice(0, 2)), 'cut short'],
    ['no IHDR first', encodePng(basic.slice(1)), 'no header'],
  ])('refuses %s', (_label, bytes, message) => {
    expect(() => readChunks(bytes)).toThrow(PngError);
    expect(() => readChunks(bytes)).toThrow(message);
  });

  it('refuses a chunk whose CRC does not match its data', () => {
    const damaged = Buffer.from(png);
    damaged[8 + 8 + 3] = (damaged[8 + 8 + 3] ?? 0) ^ 0xff; // a byte inside IHDR's data
    expect(() => readChunks(damaged)).toThrow('IHDR chunk fails the checksum');
  });

  it('refuses an absurd chunk length', () => {
    const damaged = Buffer.from(png);
    damaged.writeUInt32BE(0xfffffff0, 8);
    expect(() => readChunks(damaged)).toThrow('cut short');
  });
});

describe('text chunks', () => {
  it('reads tEXt, zTXt and both kinds of iTXt, skipping malformed ones', async () => {
    const zTXt: PngChunk = {
      type: 'zTXt',
      data: Buffer.concat([
        Buffer.from('Comment\0\0', 'latin1'),
        deflateSync(Buffer.from('caf\xe9', 'latin1')),
      ]),
    };
    const chunks = [
      basic[0] as PngChunk,
      textChunk('Title', 'Hello'),
      zTXt,
      itxt('Author', 'Zoë 🌙', false),
      itxt('Story', 'Ünïcode ✨'.repeat(20), true),
      { type: 'tEXt', data: Buffer.from('no separator') },
      { type: 'zTXt', data: Buffer.from('Bad\0\0not deflate', 'latin1') },
      ...basic.slice(1),
    ];
    const keywords = ['Title', 'Comment', 'Author', 'Story', 'Bad'];
    expect(await readTextChunks(readChunks(encodePng(chunks)), keywords)).toEqual([
      { keyword: 'Title', text: 'Hello' },
      { keyword: 'Comment', text: 'café' },
      { keyword: 'Author', text: 'Zoë 🌙' },
      { keyword: 'Story', text: 'Ünïcode ✨'.repeat(20) },
    ]);
  });

  it('refuses an invalid keyword', () => {
    expect(() => textChunk('', 'x')).toThrow(PngError);
    expect(() => textChunk('k'.repeat(80), 'x')).toThrow(PngError);
    expect(() => textChunk('bad\0key', 'x')).toThrow(PngError);
  });

  it('inserts a tEXt chunk before IEND and replaces one with the same keyword', async () => {
    const once = withTextChunk(png, 'chara', 'first');
    const twice = withTextChunk(once, 'chara', 'second');
    const chunks = readChunks(twice);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'tEXt', 'IEND']);
    expect(await readTextChunks(chunks, ['chara'])).toEqual([{ keyword: 'chara', text: 'second' }]);
  });

  it('drops every listed keyword, whatever the text chunk type', async () => {
    const withBoth = encodePng([basic[0] as PngChunk, itxt('ccv3', 'old', false), ...basic.slice(1)]);
    const result = readChunks(
      withTextChunk(withTextChunk(withBoth, 'keep', 'me'), 'chara', 'new', ['chara', 'ccv3']),
    );
    expect(await readTextChunks(result, ['keep', 'chara', 'ccv3'])).toEqual([
      { keyword: 'keep', text: 'me' },
      { keyword: 'chara', text: 'new' },
    ]);
  });
});

describe('reading text from a decompression bomb', () => {
  /** A zTXt chunk that is small on disk and `inflated` bytes of zeros once inflated. */
  const bombChunk = (keyword: string, inflated: number): PngChunk => ({
    type: 'zTXt',
    data: Buffer.concat([
      Buffer.from(`${keyword}\0\0`, 'latin1'),
      deflateSync(Buffer.alloc(inflated), { level: 9 }),
    ]),
  });
  const withChunks = (...extra: PngChunk[]) =>
    readChunks(encodePng([basic[0] as PngChunk, ...extra, ...basic.slice(1)]));

  it('never inflates chunks whose keyword it was not asked for', async () => {
    // 300 chunks of 64 MB each: about 19 GB if anything inflated them.
    const bomb = bombChunk('Comment', 64 * 1024 * 1024);
    const chunks = withChunks(...Array.from({ length: 300 }, () => bomb), textChunk('chara', 'e30='));
    const before = process.memoryUsage().arrayBuffers;
    expect(await readTextChunks(chunks, ['chara', 'ccv3'])).toEqual([{ keyword: 'chara', text: 'e30=' }]);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('stops inflating a wanted chunk at MAX_TEXT_BYTES, for all chunks together', async () => {
    await expect(
      readTextChunks(withChunks(bombChunk('chara', MAX_TEXT_BYTES + 1)), ['chara']),
    ).rejects.toThrow(PngTextTooLarge);
    const half = bombChunk('chara', MAX_TEXT_BYTES / 2 + 1);
    await expect(readTextChunks(withChunks(half, half), ['chara'])).rejects.toThrow(PngTextTooLarge);
    expect(await readTextChunks(withChunks(bombChunk('chara', MAX_TEXT_BYTES / 2)), ['chara'])).toHaveLength(
      1,
    );
  });

  it('reads only a few copies of a wanted keyword', async () => {
    const copies = Array.from({ length: 50 }, (_, i) => textChunk('chara', `copy ${i}`));
    expect((await readTextChunks(withChunks(...copies), ['chara'])).map((t) => t.text)).toEqual([
      'copy 0',
      'copy 1',
      'copy 2',
      'copy 3',
    ]);
  });

  it('refuses a file made of more chunks than any image has', () => {
    const empty = textChunk('x', '');
    expect(() => withChunks(...Array.from({ length: MAX_CHUNKS }, () => empty))).toThrow(
      new PngError('The PNG file has too many chunks'),
    );
  });
});
