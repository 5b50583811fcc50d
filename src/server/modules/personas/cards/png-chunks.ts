import { inflateSync } from 'node:zlib';

/** Every PNG starts with these 8 bytes; a file without them is not a PNG (or was mangled in transit). */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Compressed text chunks can inflate enormously from a small file (a "zip bomb"), so inflating stops here.
 * A 5 MB card file cannot honestly need more than this.
 */
export const MAX_TEXT_BYTES = 16 * 1024 * 1024;

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

// The PNG spec's table-driven CRC-32 (polynomial 0xEDB88320). zlib.crc32 only arrived in Node 20.15 and
// 22.2, so relying on it would break on older Node 20 releases that package.json still allows.
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 of the given byte ranges taken as one sequence (a chunk's CRC covers its type and data). */
export function crc32(...parts: Uint8Array[]): number {
  let crc = 0xffffffff;
  for (const part of parts) {
    for (const byte of part) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
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

const inflate = (bytes: Buffer) => inflateSync(bytes, { maxOutputLength: MAX_TEXT_BYTES });

/** Decodes one text chunk. Text chunks are ancillary, so a malformed one is skipped (null), not fatal. */
function decodeText(chunk: PngChunk): PngText | null {
  const keyword = textKeyword(chunk);
  if (keyword === null) return null;
  const rest = chunk.data.subarray(keyword.length + 1);
  try {
    if (chunk.type === 'tEXt') return { keyword, text: rest.toString('latin1') };
    // zTXt: compression method byte (0 = deflate), then compressed Latin-1 text.
    if (chunk.type === 'zTXt')
      return rest[0] === 0 ? { keyword, text: inflate(rest.subarray(1)).toString('latin1') } : null;
    // iTXt: compressed flag, method, language tag\0, translated keyword\0, then UTF-8 text.
    const compressed = rest[0] === 1;
    const languageEnd = rest.indexOf(0, 2);
    const translatedEnd = languageEnd < 0 ? -1 : rest.indexOf(0, languageEnd + 1);
    if (translatedEnd < 0 || (compressed && rest[1] !== 0)) return null;
    const body = rest.subarray(translatedEnd + 1);
    return { keyword, text: (compressed ? inflate(body) : body).toString('utf8') };
  } catch {
    return null;
  }
}

/** All readable text entries (tEXt, zTXt, iTXt) in file order. */
export function readTextChunks(chunks: readonly PngChunk[]): PngText[] {
  return chunks.map(decodeText).filter((entry): entry is PngText => entry !== null);
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
