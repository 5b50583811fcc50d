import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PdfDocument } from '../pdf/pdfjs.js';
import { DocumentKeeper, type KeepState } from './document-keeper.js';
import { updateDocument } from './editor-db.js';

// IndexedDB is the browser's (the e2e suite covers it); here only what the keeper asks of it is checked.
vi.mock('./editor-db.js', () => ({ updateDocument: vi.fn(async () => undefined) }));

interface FakePdf {
  /** `edits`: how many real edits the storage holds (pdf.js serializes unchanged editors to nothing). */
  annotationStorage: {
    edits: number;
    onSetModified: (() => void) | null;
    readonly serializable: { map: Map<string, object> | null; hash: string };
  };
  saveDocument: () => Promise<Uint8Array>;
  getData: () => Promise<Uint8Array>;
}

function fakePdf(): FakePdf {
  return {
    annotationStorage: {
      edits: 1,
      onSetModified: null,
      get serializable() {
        return this.edits > 0
          ? { map: new Map([['editor-1', {}]]), hash: `hash-${this.edits}` }
          : { map: null, hash: '' };
      },
    },
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

  it('saves a change shortly after it, marks it unsaved, and reports keeping then kept', async () => {
    const { keeper, pdf, hooks, states } = setup();
    pdf.annotationStorage.onSetModified?.();
    expect(states.at(-1)).toBe('keeping');
    expect(updateDocument).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(600);
    expect(hooks.onUnsaved).toHaveBeenCalledWith('doc-1');
    expect(pdf.saveDocument).toHaveBeenCalledTimes(1);
    expect(updateDocument).toHaveBeenCalledWith('user-1', 'doc-1', {
      bytes: new Uint8Array([1, 2, 3]),
      unsaved: true,
    });
    expect(hooks.onBytes).toHaveBeenCalledWith('doc-1', new Uint8Array([1, 2, 3]));
    expect(states.at(-1)).toBe('kept');
    keeper.dispose();
  });

  it('storage filled without a real edit (pdf.js turning annotations into editors) marks nothing unsaved', async () => {
    const { keeper, pdf, hooks, states } = setup();
    pdf.annotationStorage.edits = 0;
    pdf.annotationStorage.onSetModified?.();
    await vi.advanceTimersByTimeAsync(600);
    expect(hooks.onUnsaved).not.toHaveBeenCalled();
    expect(pdf.saveDocument).not.toHaveBeenCalled();
    expect(updateDocument).not.toHaveBeenCalled();
    expect(states.at(-1)).toBe('kept');
    keeper.dispose();
  });

  it('removing every edit saves the file’s own bytes, leaving its unsaved mark alone', async () => {
    const { keeper, pdf, asPdf } = setup();
    pdf.annotationStorage.onSetModified?.();
    await vi.advanceTimersByTimeAsync(600);
    pdf.annotationStorage.edits = 0;
    await keeper.flush('doc-1', asPdf, { always: true });
    expect(updateDocument).toHaveBeenLastCalledWith('user-1', 'doc-1', { bytes: new Uint8Array([9]) });
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

  it('a flush saves only what is due; with `always`, an edited document whose edits changed since', async () => {
    const { keeper, pdf, hooks, asPdf } = setup();
    await keeper.flush('doc-1', asPdf, { always: true });
    expect(pdf.saveDocument).not.toHaveBeenCalled();

    pdf.annotationStorage.onSetModified?.();
    await keeper.flush('doc-1', asPdf);
    expect(pdf.saveDocument).toHaveBeenCalledTimes(1);
    await keeper.flush('doc-1', asPdf);
    // Nothing new since the last save (say, a download in between): no save, nothing marked unsaved.
    await keeper.flush('doc-1', asPdf, { always: true });
    expect(pdf.saveDocument).toHaveBeenCalledTimes(1);
    expect(hooks.onUnsaved).toHaveBeenCalledTimes(1);
    pdf.annotationStorage.edits = 2;
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
    pdf.annotationStorage.edits = 2;
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
