/**
 * pdf.js asks for a few binary files while reading some PDFs: character maps for CJK and other
 * non-embedded CID fonts, the Symbol/Dingbats font data, and the wasm decoders of JPEG 2000
 * (openjpeg.wasm) and JBIG2 (jbig2.wasm) pictures, which scanned pages often are: without them such a
 * page is drawn blank and OCR reads nothing of it. Instead of a CDN (DESIGN §5) or a copied folder, Vite
 * emits them as assets and this factory hands pdf.js the right one by file name. Each is downloaded
 * only when a PDF needs it.
 */

// Each file becomes an asset of its own (never inlined); only its URL is in the code.
const cMaps = import.meta.glob<string>('../../../../node_modules/pdfjs-dist/cmaps/*.bcmap', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});
const standardFonts = import.meta.glob<string>(
  '../../../../node_modules/pdfjs-dist/standard_fonts/*.{pfb,ttf}',
  { query: '?url&no-inline', import: 'default', eager: true },
);
// Only the decoders pdf.js asks this factory for: its colour-profile module (qcms) is loaded only when
// the worker fetches files itself, which these hashed asset names do not allow.
const wasmDecoders = import.meta.glob<string>(
  '../../../../node_modules/pdfjs-dist/wasm/{openjpeg,jbig2}.wasm',
  { query: '?url&no-inline', import: 'default', eager: true },
);

function byFileName(urls: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(urls).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]));
}

const files: Record<string, Map<string, string>> = {
  cMapUrl: byFileName(cMaps),
  standardFontDataUrl: byFileName(standardFonts),
  wasmUrl: byFileName(wasmDecoders),
};

/**
 * The shape pdf.js expects for its `BinaryDataFactory` option. pdf.js constructs it with its URL
 * options; the bundled files need none of them.
 */
export class BundledBinaryDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = files[kind]?.get(filename);
    if (!url) throw new Error(`No bundled ${kind} file named ${filename}`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Could not load ${filename} (${response.status})`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
