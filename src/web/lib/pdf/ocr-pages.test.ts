import { describe, expect, it, vi } from 'vitest';
import type { OcrEngine, OcrReading } from './ocr-engine.js';
import { ocrPages, type OcrProgress } from './ocr-pages.js';

const picture = (page: number) => Object.assign(document.createElement('canvas'), { id: `page-${page}` });
const render = async (page: number) => picture(page);

/**
 * An engine that reads "text of page N" from page N's picture with a confidence of 80 + N, or never
 * answers for the pages in `stall`.
 */
function fakeEngine({ stall = [] as number[], fail = [] as number[] } = {}) {
  const terminate = vi.fn(async () => undefined);
  const engine: OcrEngine = {
    recognize: (image) => {
      const page = Number(image.id.replace('page-', ''));
      if (stall.includes(page)) return new Promise<OcrReading>(() => undefined);
      if (fail.includes(page)) return Promise.reject(new Error('engine crashed'));
      return Promise.resolve({ text: `  text of page ${page}\n`, confidence: 80 + page });
    },
    terminate,
  };
  return { engine, terminate, start: vi.fn(async () => engine) };
}

describe('ocrPages', () => {
  it('reads every page in order, reports progress, and terminates the engine', async () => {
    const { start, terminate } = fakeEngine();
    const progress: OcrProgress[] = [];
    const result = await ocrPages([2, 5], {
      render,
      startEngine: start,
      onProgress: (p) => progress.push(p),
    });
    expect([...result.read]).toEqual([
      [2, { text: 'text of page 2', confidence: 82 }],
      [5, { text: 'text of page 5', confidence: 85 }],
    ]);
    expect(result).toMatchObject({ cancelled: [], failed: [] });
    expect(progress.map(({ index, page }) => [index, page])).toEqual([
      [0, 2],
      [0, 2],
      [1, 5],
      [2, 0],
    ]);
    expect(terminate).toHaveBeenCalled();
  });

  it('never starts an engine for no pages', async () => {
    const { start } = fakeEngine();
    expect(await ocrPages([], { render, startEngine: start })).toEqual({
      read: new Map(),
      cancelled: [],
      failed: [],
    });
    expect(start).not.toHaveBeenCalled();
  });

  it('on cancel stops the worker at once and lists the pages not read', async () => {
    const { start, terminate } = fakeEngine({ stall: [3] });
    const controller = new AbortController();
    const reading = ocrPages([1, 3, 4], {
      render,
      startEngine: start,
      signal: controller.signal,
      onProgress: ({ page }) => {
        if (page === 3) setTimeout(() => controller.abort(), 0);
      },
    });
    const result = await reading;
    expect([...result.read.keys()]).toEqual([1]);
    expect(result.cancelled).toEqual([3, 4]);
    expect(terminate).toHaveBeenCalled();
  });

  it('lists every page as cancelled when cancelled before the engine is ready, and stops the late engine', async () => {
    const { engine, terminate } = fakeEngine();
    let ready: (value: OcrEngine) => void = () => undefined;
    const controller = new AbortController();
    const reading = ocrPages([1, 2], {
      render,
      startEngine: () => new Promise<OcrEngine>((resolve) => (ready = resolve)),
      signal: controller.signal,
    });
    controller.abort();
    expect(await reading).toMatchObject({ cancelled: [1, 2], failed: [] });
    ready(engine);
    await vi.waitFor(() => expect(terminate).toHaveBeenCalled());
  });

  it('reports a page the engine fails on and goes on with the next', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { start } = fakeEngine({ fail: [1] });
    const result = await ocrPages([1, 2], { render, startEngine: start });
    expect(result.failed).toEqual([1]);
    expect([...result.read.keys()]).toEqual([2]);
    warn.mockRestore();
  });

  it('reports every page as failed when the engine cannot start', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const result = await ocrPages([1, 2], {
      render,
      startEngine: () => Promise.reject(new Error('wasm refused')),
    });
    expect(result).toMatchObject({ failed: [1, 2], cancelled: [] });
    warn.mockRestore();
  });
});
