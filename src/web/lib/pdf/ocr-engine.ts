import { createWorker, OEM } from 'tesseract.js';
// Everything tesseract.js would otherwise fetch from a CDN is bundled by Vite and served by the app
// itself (DESIGN §5: no CDN, nothing downloaded from elsewhere at run time).
import workerUrl from 'tesseract.js/dist/worker.min.js?url';
// The LSTM-only builds (the engine mode used below), with the wasm inside the script: one file each.
import coreSimdUrl from 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js?url';
import corePlainUrl from 'tesseract.js-core/tesseract-core-lstm.wasm.js?url';
// English, the "best_int" model: the one tesseract.js picks for LSTM-only, 2.9 MB. vite.config.ts keeps
// its file name (in a folder named by its hash), because tesseract.js asks for `<langPath>/eng.traineddata.gz`.
import englishDataUrl from '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz?url';

/** What OCR read on one page, and how sure it is of it (0–100, the mean of its words' confidences). */
export interface OcrReading {
  text: string;
  confidence: number;
}

/** Reads the text in pictures; one engine reads one page at a time. */
export interface OcrEngine {
  recognize(image: HTMLCanvasElement): Promise<OcrReading>;
  /** Stops the engine's worker at once, whatever it is doing. */
  terminate(): Promise<void>;
}

/**
 * A tiny wasm module that uses a SIMD instruction (the one wasm-feature-detect uses): browsers without
 * SIMD refuse it, and get the slower plain build instead.
 */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98,
  11,
]);

function corePath(): string {
  return WebAssembly.validate(SIMD_PROBE) ? coreSimdUrl : corePlainUrl;
}

/** The folder of the bundled language file: tesseract.js adds the file name itself. */
function langPath(): string {
  const url = new URL(englishDataUrl, window.location.href);
  return url.href.slice(0, url.href.lastIndexOf('/'));
}

/**
 * Starts an English OCR engine in a web worker. `onProgress` gets the share (0–1) of the current page
 * that is read. The language data is not cached in IndexedDB: the browser's HTTP cache already keeps
 * the hashed file, and nothing of it stays behind after sign-out.
 */
export async function startOcrEngine(onProgress?: (share: number) => void): Promise<OcrEngine> {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    workerPath: workerUrl,
    corePath: corePath(),
    langPath: langPath(),
    // A same-origin worker script: no blob: wrapper, so the CSP needs nothing extra for it.
    workerBlobURL: false,
    cacheMethod: 'none',
    gzip: true,
    logger: (message) => {
      if (message.status === 'recognizing text') onProgress?.(message.progress);
    },
  });
  return {
    async recognize(image) {
      const { data } = await worker.recognize(image);
      return { text: data.text, confidence: data.confidence };
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
