import type { PdfDocument } from '../pdf/pdfjs.js';
import { updateDocument } from './editor-db.js';

/** Whether the open PDFs are safely in IndexedDB: 'keeping' while a change is still on its way. */
export type KeepState = 'kept' | 'keeping' | 'failed';

interface KeeperHooks {
  onState: (state: KeepState) => void;
  /** A document's annotations differ from the file as opened (or as last downloaded). */
  onUnsaved: (id: string) => void;
  /** The annotated bytes were saved; the caller keeps them to reopen the tab. */
  onBytes: (id: string, bytes: Uint8Array) => void;
  onFailed: (id: string, error: unknown) => void;
  /** False once the user has signed out: nothing is written for them any more. */
  stillSignedIn: () => boolean;
}

/** A pause after the last change, so a burst of edits is saved once. */
const SAVE_DELAY_MS = 500;

/**
 * Saves each open document's annotations into its bytes in IndexedDB shortly after they change.
 * pdf.js reports the first change after each save (annotationStorage.onSetModified); later edits of an
 * existing annotation (moving, retyping) do not always reach the storage, so any pointer or key activity
 * on an edited document also schedules a save.
 */
export class DocumentKeeper {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly saving = new Map<string, Promise<void>>();
  /** Documents edited during this visit: only those are ever saved again. */
  private readonly touched = new Set<string>();
  /** The annotations' hash at each document's last save ('' for none: the file as opened). */
  private readonly savedVersions = new Map<string, string>();
  private failed = false;

  constructor(
    private readonly userId: string,
    private readonly hooks: KeeperHooks,
  ) {}

  /** Follows a shown document's annotation changes. */
  watch(id: string, pdf: PdfDocument): void {
    // The callback is public in pdf.js, but typed as always null.
    const storage = pdf.annotationStorage as unknown as { onSetModified: (() => void) | null };
    storage.onSetModified = () => {
      this.touched.add(id);
      this.schedule(id, pdf);
    };
  }

  /** Pointer or keyboard activity on the shown document: an edited one may have changed. */
  nudge(id: string, pdf: PdfDocument): void {
    if (this.touched.has(id)) this.schedule(id, pdf);
  }

  private schedule(id: string, pdf: PdfDocument): void {
    clearTimeout(this.timers.get(id));
    this.timers.set(
      id,
      setTimeout(() => void this.flush(id, pdf), SAVE_DELAY_MS),
    );
    this.report();
  }

  /**
   * Saves now if a save is due (with `always`, whenever the document was edited during this visit: an
   * edit made while an earlier save was under way is not reported by pdf.js), and resolves once the
   * document is in IndexedDB. pdf.js reads the annotations synchronously here, so the viewer may be torn
   * down right after the call.
   */
  flush(id: string, pdf: PdfDocument, { always = false } = {}): Promise<void> {
    const due = this.timers.has(id) || (always && this.touched.has(id));
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    if (!due) return this.saving.get(id) ?? Promise.resolve();
    // pdf.js also fills its storage when it merely turns a file's annotations into editors (on entering an
    // editing mode); those serialize to nothing. The hash tells whether anything changed since the last save.
    const { map, hash } = pdf.annotationStorage.serializable;
    const changed = map !== null;
    const version = changed ? hash : '';
    if (version === (this.savedVersions.get(id) ?? '')) {
      this.report();
      return this.saving.get(id) ?? Promise.resolve();
    }
    this.savedVersions.set(id, version);
    if (changed) this.hooks.onUnsaved(id);
    const reading = changed ? pdf.saveDocument() : pdf.getData();
    const previous = this.saving.get(id) ?? Promise.resolve();
    const saved = previous.then(() => this.write(id, reading, changed));
    this.saving.set(id, saved);
    this.report();
    void saved.finally(() => {
      if (this.saving.get(id) === saved) this.saving.delete(id);
      this.report();
    });
    return saved;
  }

  private async write(id: string, reading: Promise<Uint8Array>, changed: boolean): Promise<void> {
    try {
      const bytes = await reading;
      this.hooks.onBytes(id, bytes);
      if (!this.hooks.stillSignedIn()) return;
      // Without changes the bytes are the file as opened, whose own unsaved mark (from an earlier visit) stays.
      await updateDocument(this.userId, id, changed ? { bytes, unsaved: true } : { bytes });
      this.failed = false;
    } catch (error) {
      this.failed = true;
      this.hooks.onFailed(id, error);
    }
  }

  /** A closed document is no longer saved. */
  forget(id: string): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    this.touched.delete(id);
    this.savedVersions.delete(id);
    this.report();
  }

  /** Something would be lost if the page went away now. */
  get pending(): boolean {
    return this.timers.size > 0 || this.saving.size > 0;
  }

  private report(): void {
    if (this.pending) window.addEventListener('beforeunload', warnBeforeUnload);
    else window.removeEventListener('beforeunload', warnBeforeUnload);
    this.hooks.onState(this.pending ? 'keeping' : this.failed ? 'failed' : 'kept');
  }

  /** Stops saving; a save already under way still finishes. */
  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    window.removeEventListener('beforeunload', warnBeforeUnload);
  }
}

/** Only registered while a change is not yet in IndexedDB: otherwise reloading loses nothing. */
function warnBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
}
