import { deflateSync, inflateSync } from 'node:zlib';

/** Pixels as 8-bit red, green, blue and alpha, row after row. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes per pixel of each 8-bit colour type: grey, RGB, grey + alpha, RGBA (palettes are not needed). */
const CHANNELS: Partial<Record<number, number>> = { 0: 1, 2: 3, 4: 2, 6: 4 };

// CRC-32 as PNG chunks need it (polynomial 0xEDB88320).
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA image as a PNG file (no row filters: these files are small or short-lived). */
export function encodePng({ width, height, data }: RgbaImage): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height); // each row starts with filter type 0
  for (let y = 0; y < height; y += 1)
    raw.set(data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `png` with a tEXt chunk (keyword, NUL, Latin-1 text) added before its IEND, as card apps store cards. */
export function withTextChunk(png: Buffer, keyword: string, text: string): Buffer {
  const iend = png.length - 12; // IEND is the last chunk, with no data: length, type and CRC
  const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.of(0), Buffer.from(text, 'latin1')]);
  return Buffer.concat([png.subarray(0, iend), chunk('tEXt', data), png.subarray(iend)]);
}

/** The Paeth predictor of the PNG specification (filter type 4). */
function paeth(left: number, up: number, upLeft: number): number {
  const p = left + up - upLeft;
  const pa = Math.abs(p - left);
  const pb = Math.abs(p - up);
  const pc = Math.abs(p - upLeft);
  if (pa <= pb && pa <= pc) return left;
  return pb <= pc ? up : upLeft;
}

/**
 * Reads an 8-bit, non-interlaced grey, RGB or RGBA PNG (what Chromium's screenshots are) into RGBA
 * pixels. Anything else throws rather than being compared wrongly.
 */
export function decodePng(file: Buffer): RgbaImage {
  if (!file.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG file');
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= file.length;) {
    const length = file.readUInt32BE(at);
    const type = file.toString('ascii', at + 4, at + 8);
    const data = file.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [bitDepth, colourType, , , interlace] = data.subarray(8, 13);
      channels = CHANNELS[colourType ?? -1] ?? 0;
      if (bitDepth !== 8 || channels === 0 || interlace !== 0)
        throw new Error(
          `unsupported PNG: bit depth ${bitDepth}, colour type ${colourType}, interlace ${interlace}`,
        );
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (channels === 0) throw new Error('PNG without a header');

  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const source = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x += 1) {
      const left = x >= channels ? (rows[row + x - channels] ?? 0) : 0;
      const up = y > 0 ? (rows[row - stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (rows[row - stride + x - channels] ?? 0) : 0;
      const predicted =
        filter === 1
          ? left
          : filter === 2
            ? up
            : filter === 3
              ? (left + up) >> 1
              : filter === 4
                ? paeth(left, up, upLeft)
                : 0;
      rows[row + x] = ((raw[source + x] ?? 0) + predicted) & 0xff;
    }
  }

  const data = new Uint8Array(width * height * 4);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const from = pixel * channels;
    const grey = channels < 3;
    data[pixel * 4] = rows[from] ?? 0;
    data[pixel * 4 + 1] = rows[from + (grey ? 0 : 1)] ?? 0;
    data[pixel * 4 + 2] = rows[from + (grey ? 0 : 2)] ?? 0;
    data[pixel * 4 + 3] = channels === 2 || channels === 4 ? (rows[from + channels - 1] ?? 0) : 255;
  }
  return { width, height, data };
}

/** A real PNG of the given size: a diagonal gradient between two colours, made in memory. */
export function makePng(width: number, height: number): Buffer {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const t = (x + y) / (width + height);
      data.set(
        [
          Math.round(106 + (255 - 106) * t),
          Math.round(92 + (154 - 92) * t),
          Math.round(255 - (255 - 107) * t),
          255,
        ],
        (y * width + x) * 4,
      );
    }
  }
  return encodePng({ width, height, data });
}
