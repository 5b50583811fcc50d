import { promisify } from 'node:util';
import { crc32 as zlibCrc32, inflate as inflateCallback } from 'node:zlib';

/** Every PNG starts with these 8 bytes; a file without them is not a PNG (or was mangled in transit). */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Compressed text chunks can inflate enormously from a small file (a "zip bomb"), so the text read from one
 * PNG stops here, all chunks together. A card's JSON (base64 in its chunk) is far smaller in practice.
 */
export const MAX_TEXT_BYTES = 4 * 1024 * 1024;

/** More chunks than any real image has; a file made of millions of empty chunks is refused, not walked. */
export const MAX_CHUNKS = 10_000;

/** Text chunks read per keyword: a card has one; hundreds of copies are an attack. */
const MAX_TEXTS_PER_KEYWORD = 4;

/** A PNG that cannot be read safely: wrong signature, a length past the end, a bad checksum. */
export class PngError extends Error {}

export interface PngChunk {
  type: string;
  data: Buffer;
}

export interface PngText {
  keyword: string;
  text: string;
}

/** CRC-32 of the given byte ranges taken as one sequence (a chunk's CRC covers its type and data). */
export function crc32(...parts: Uint8Array[]): number {
  // zlib's native CRC (the PNG spec's polynomial): a 5 MB file is checked in about a millisecond.
  return parts.reduce((crc, part) => zlibCrc32(part, crc), 0);
}

/**
 * Splits a PNG into its chunks, checking the signature, every length and every CRC, so a damaged upload
 * is refused instead of yielding half a card. Bytes after IEND are ignored, as image viewers do.
 */
export function readChunks(png: Buffer): PngChunk[] {
  if (png.length < PNG_SIGNATURE.length || !png.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw new PngError('The file is not a PNG image');
  }
  const chunks: PngChunk[] = [];
  let offset = PNG_SIGNATURE.length;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const dataEnd = offset + 8 + length;
    // The spec caps lengths at 2^31 - 1; anything running past the buffer means the file was cut short.
    if (length > 0x7fffffff || dataEnd + 4 > png.length) throw new PngError('The PNG file is cut short');
    if (!/^[A-Za-z]{4}$/.test(type)) throw new PngError('The PNG file has a damaged chunk');
    if (crc32(png.subarray(offset + 4, dataEnd)) !== png.readUInt32BE(dataEnd)) {
      throw new PngError(`The PNG file is damaged: its ${type} chunk fails the checksum`);
    }
    if (chunks.length === 0 && type !== 'IHDR') throw new PngError('The PNG file has no header chunk');
    if (chunks.length >= MAX_CHUNKS) throw new PngError('The PNG file has too many chunks');
    chunks.push({ type, data: png.subarray(offset + 8, dataEnd) });
    offset = dataEnd + 4;
    if (type === 'IEND') return chunks;
  }
  throw new PngError('The PNG file is cut short');
}

/** One chunk in file form: length, type, data, CRC over type and data. */
export function encodeChunk(chunk: PngChunk): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(chunk.data.length, 0);
  head.write(chunk.type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(head.subarray(4), chunk.data), 0);
  return Buffer.concat([head, chunk.data, crc]);
}

/** A whole PNG file from its chunks (which must start with IHDR and end with IEND). */
export function encodePng(chunks: readonly PngChunk[]): Buffer {
  return Buffer.concat([PNG_SIGNATURE, ...chunks.map(encodeChunk)]);
}

/** A tEXt chunk. Keywords are 1 to 79 Latin-1 characters; the text is Latin-1 (card payloads are base64). */
export function textChunk(keyword: string, text: string): PngChunk {
  if (!/^[\x20-\x7e\xa1-\xff]{1,79}$/.test(keyword))
    throw new PngError(`Invalid PNG text keyword: ${keyword}`);
  return {
    type: 'tEXt',
    data: Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.of(0), Buffer.from(text, 'latin1')]),
  };
}

const TEXT_TYPES = new Set(['tEXt', 'zTXt', 'iTXt']);

/** The keyword of a tEXt, zTXt or iTXt chunk, or null for any other chunk or a malformed one. */
export function textKeyword(chunk: PngChunk): string | null {
  if (!TEXT_TYPES.has(chunk.type)) return null;
  const nul = chunk.data.indexOf(0);
  return nul > 0 ? chunk.data.toString('latin1', 0, nul) : null;
}

const inflate = promisify(inflateCallback);

/** The text inflated so far from one file, so that all its chunks together stay under MAX_TEXT_BYTES. */
interface TextBudget {
  left: number;
}

/** Inflates off the event loop (zlib's thread pool), never past what the budget has left. */
async function inflateWithin(bytes: Buffer, budget: TextBudget): Promise<Buffer> {
  let text: Buffer;
  try {
    text = await inflate(bytes, { maxOutputLength: Math.max(1, budget.left) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new PngTextTooLarge();
    throw error;
  }
  budget.left -= text.length;
  return text;
}

/** The text in the PNG's chunks is larger than MAX_TEXT_BYTES once inflated. */
export class PngTextTooLarge extends PngError {
  constructor() {
    super('The text in the PNG file is too large');
  }
}

/** Decodes one text chunk. Text chunks are ancillary, so a malformed one is skipped (null), not fatal. */
async function decodeText(chunk: PngChunk, budget: TextBudget): Promise<PngText | null> {
  const keyword = textKeyword(chunk);
  if (keyword === null) return null;
  const rest = chunk.data.subarray(keyword.length + 1);
  try {
    if (chunk.type === 'tEXt') {
      budget.left -= rest.length;
      if (budget.left < 0) throw new PngTextTooLarge();
      return { keyword, text: rest.toString('latin1') };
    }
    // zTXt: compression method byte (0 = deflate), then compressed Latin-1 text.
    if (chunk.type === 'zTXt') {
      return rest[0] === 0
        ? { keyword, text: (await inflateWithin(rest.subarray(1), budget)).toString('latin1') }
        : null;
    }
    // iTXt: compressed flag, method, language tag\0, translated keyword\0, then UTF-8 text.
    const compressed = rest[0] === 1;
    const languageEnd = rest.indexOf(0, 2);
    const translatedEnd = languageEnd < 0 ? -1 : rest.indexOf(0, languageEnd + 1);
    if (translatedEnd < 0 || (compressed && rest[1] !== 0)) return null;
    const body = rest.subarray(translatedEnd + 1);
    if (!compressed) {
      budget.left -= body.length;
      if (budget.left < 0) throw new PngTextTooLarge();
    }
    return { keyword, text: (compressed ? await inflateWithin(body, budget) : body).toString('utf8') };
  } catch (error) {
    if (error instanceof PngTextTooLarge) throw error;
    return null;
  }
}

/**
 * The readable text entries (tEXt, zTXt, iTXt) whose keyword is one of `keywords` (compared without case),
 * in file order. Only those chunks are inflated, at most a few per keyword, one after another, and all of them
 * together within MAX_TEXT_BYTES: a PNG with hundreds of compressed chunks (gigabytes once inflated) costs no
 * more than its wanted text, and inflating never blocks the event loop.
 */
export async function readTextChunks(
  chunks: readonly PngChunk[],
  keywords: readonly string[],
): Promise<PngText[]> {
  const wanted = new Map(keywords.map((keyword) => [keyword.toLowerCase(), 0]));
  const budget: TextBudget = { left: MAX_TEXT_BYTES };
  const texts: PngText[] = [];
  for (const chunk of chunks) {
    const key = textKeyword(chunk)?.toLowerCase();
    const seen = key === undefined ? undefined : wanted.get(key);
    if (key === undefined || seen === undefined || seen >= MAX_TEXTS_PER_KEYWORD) continue;
    wanted.set(key, seen + 1);
    const text = await decodeText(chunk, budget);
    if (text) texts.push(text);
  }
  return texts;
}

/**
 * The PNG with a tEXt chunk `keyword` inserted before IEND. Existing text chunks whose keyword is listed in
 * `replace` (by default just `keyword`) are dropped first, so a stale copy cannot win over the new one.
 */
export function withTextChunk(
  png: Buffer,
  keyword: string,
  text: string,
  replace: readonly string[] = [keyword],
): Buffer {
  const drop = new Set(replace);
  const kept = readChunks(png).filter((chunk) => {
    const key = textKeyword(chunk);
    return key === null || !drop.has(key);
  });
  const iend = kept.findIndex((chunk) => chunk.type === 'IEND');
  kept.splice(iend, 0, textChunk(keyword, text));
  return encodePng(kept);
}
