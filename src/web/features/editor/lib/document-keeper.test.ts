import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PdfDocument } from '../pdf/pdfjs.js';
import { DocumentKeeper, type KeepState } from './document-keeper.js';
import { updateDocument } from './editor-db.js';

// IndexedDB is the browser's (the e2e suite covers it); here only what the keeper asks of it is checked.
vi.mock('./editor-db.js', () => ({ updateDocument: vi.fn(async () => undefined) }));

interface FakePdf {
  annotationStorage: { size: number; onSetModified: (() => void) | null };
  saveDocument: () => Promise<Uint8Array>;
  getData: () => Promise<Uint8Array>;
}

function fakePdf(): FakePdf {
  return {
    annotationStorage: { size: 1, onSetModified: null },
    saveDocument: vi.fn(async () => new Uint8Array([1, 2, 3])),
    getData: vi.fn(async () => new Uint8Array([9])),
  };
}

function setup(signedIn = true) {
  const states: KeepState[] = [];
  const hooks = {
    onState: (state: KeepState) => states.push(state),
    onUnsaved: vi.fn(),
    onBytes: vi.fn(),
    onFailed: vi.fn(),
    stillSignedIn: () => signedIn,
  };
  const keeper = new DocumentKeeper('user-1', hooks);
  const pdf = fakePdf();
  keeper.watch('doc-1', pdf as unknown as PdfDocument);
  return { keeper, pdf, hooks, states, asPdf: pdf as unknown as PdfDocument };
}

function unloadIsStopped(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('DocumentKeeper', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(updateDocument).mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('saves a change shortly after it, marks it unsaved at once, and reports keeping then kept', async () => {
    const { keeper, pdf, hooks, states } = setup();
    pdf.annotationStorage.onSetModified?.();
    expect(hooks.onUnsaved).toHaveBeenCalledWith('doc-1');
    expect(states.at(-1)).toBe('keeping');
    expect(updateDocument).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(600);
    expect(pdf.saveDocument).toHaveBeenCalledTimes(1);
    expect(updateDocument).toHaveBeenCalledWith('user-1', 'doc-1', {
      bytes: new Uint8Array([1, 2, 3]),
      unsaved: true,
    });
    expect(hooks.onBytes).toHaveBeenCalledWith('doc-1', new Uint8Array([1, 2, 3]));
    expect(states.at(-1)).toBe('kept');
    keeper.dispose();
  });

  it('stops the page from unloading only while a change is not yet kept', async () => {
    const { keeper, pdf } = setup();
    expect(unloadIsStopped()).toBe(false);
    pdf.annotationStorage.onSetModified?.();
    expect(unloadIsStopped()).toBe(true);
    await vi.advanceTimersByTimeAsync(600);
    expect(unloadIsStopped()).toBe(false);
    keeper.dispose();
  });

  it('a flush saves only what is due; with `always`, any document edited during the visit', async () => {
    const { keeper, pdf, asPdf } = setup();
    await keeper.flush('doc-1', asPdf, { always: true });
    expect(pdf.saveDocument).not.toHaveBeenCalled();

    pdf.annotationStorage.onSetModified?.();
    await keeper.flush('doc-1', asPdf);
    expect(pdf.saveDocument).toHaveBeenCalledTimes(1);
    await keeper.flush('doc-1', asPdf);
    expect(pdf.saveDocument).toHaveBeenCalledTimes(1);
    await keeper.flush('doc-1', asPdf, { always: true });
    expect(pdf.saveDocument).toHaveBeenCalledTimes(2);
    keeper.dispose();
  });

  it('activity on an edited document schedules a save; on an untouched one it does not', async () => {
    const { keeper, pdf, asPdf } = setup();
    keeper.nudge('doc-1', asPdf);
    await vi.advanceTimersByTimeAsync(600);
    expect(pdf.saveDocument).not.toHaveBeenCalled();
    pdf.annotationStorage.onSetModified?.();
    await vi.advanceTimersByTimeAsync(600);
    keeper.nudge('doc-1', asPdf);
    await vi.advanceTimersByTimeAsync(600);
    expect(pdf.saveDocument).toHaveBeenCalledTimes(2);
    keeper.dispose();
  });

  it('writes nothing once the user has signed out', async () => {
    const { keeper, pdf } = setup(false);
    pdf.annotationStorage.onSetModified?.();
    await vi.advanceTimersByTimeAsync(600);
    expect(updateDocument).not.toHaveBeenCalled();
    keeper.dispose();
  });

  it('reports a failed write and the failed state', async () => {
    const { keeper, pdf, hooks, states } = setup();
    const full = new DOMException('full', 'QuotaExceededError');
    vi.mocked(updateDocument).mockRejectedValueOnce(full);
    pdf.annotationStorage.onSetModified?.();
    await vi.advanceTimersByTimeAsync(600);
    expect(hooks.onFailed).toHaveBeenCalledWith('doc-1', full);
    expect(states.at(-1)).toBe('failed');
    keeper.dispose();
  });

  it('a closed document is forgotten: its pending save is dropped', async () => {
    const { keeper, pdf } = setup();
    pdf.annotationStorage.onSetModified?.();
    keeper.forget('doc-1');
    await vi.advanceTimersByTimeAsync(600);
    expect(pdf.saveDocument).not.toHaveBeenCalled();
    expect(unloadIsStopped()).toBe(false);
    keeper.dispose();
  });
});
