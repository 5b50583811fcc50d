import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../../lib/api-client.js';
import { useSession } from '../../../lib/session-store.js';
import type { BusyAction, Notice, OpenedFile } from '../components/editor-types.js';
import { openFailureMessage, type PdfDocument } from '../pdf/pdfjs.js';
import type { ViewerController } from '../pdf/viewer-controller.js';
import { INITIAL_STATUS, type ViewerStatus } from '../pdf/viewer-status.js';
import type { DocumentKeeper, KeepState } from './document-keeper.js';
import { deleteDocument, loadSnapshot, putDocument, saveActive, updateDocument } from './editor-db.js';
import { openRefusal } from './editor-limits.js';
import { isPdf, keepFailure, nextOpenedAt } from './opened-files.js';
import { SerialQueue } from './serial-queue.js';

/** What the Editor's screen shows of its open documents. */
export interface DocumentsView {
  files: OpenedFile[];
  activeId: string | null;
  pdf: PdfDocument | null;
  status: ViewerStatus;
  errors: string[];
  notice: Notice;
  busy: BusyAction;
  keep: KeepState;
  restoring: boolean;
  /** The tab whose closing waits for the user's word (its annotations were never downloaded). */
  closing: OpenedFile | null;
}

/** The parts of pdf.js's viewer the documents drive. */
export type DocumentViewer = Pick<
  ViewerController,
  'init' | 'commitEditing' | 'setDocument' | 'dispose' | 'onStampRequest' | 'onActivity'
>;
/** The parts of the keeper (annotations into IndexedDB) the documents drive. */
export type DocumentSaver = Pick<DocumentKeeper, 'watch' | 'nudge' | 'flush' | 'forget' | 'dispose'>;

/** What the documents need from the page: opening PDFs (with their passwords), a viewer and a keeper. */
export interface OpenDocumentsDeps<Viewer extends DocumentViewer> {
  open: (id: string, name: string, bytes: Uint8Array) => Promise<PdfDocument>;
  forgetPassword: (id: string) => void;
  forgetAllPasswords: () => void;
  createViewer: (container: HTMLDivElement, onStatus: (status: ViewerStatus) => void) => Viewer;
  createKeeper: (userId: string, hooks: ConstructorParameters<typeof DocumentKeeper>[1]) => DocumentSaver;
}

/** The viewer and keeper of one signed-in user's visit to the Editor. */
interface Visit<Viewer extends DocumentViewer> {
  userId: string;
  viewer: Viewer;
  keeper: DocumentSaver;
  /** False once the visit ended: a restore still on its way changes nothing. */
  live: boolean;
}

const INITIAL_VIEW: DocumentsView = {
  files: [],
  activeId: null,
  pdf: null,
  status: INITIAL_STATUS,
  errors: [],
  notice: null,
  busy: null,
  keep: 'kept',
  restoring: true,
  closing: null,
};

/**
 * The Editor's open PDFs (kept in IndexedDB per user until closed), which one is shown, and the messages
 * about them. Changes of document run one after another through a queue, so a fast second click never
 * mixes two documents up. The screen reads `view`; everything else here is the documents' own. The
 * actions are arrow properties because the screen hands them to components as callbacks.
 */
export class OpenDocuments<Viewer extends DocumentViewer = DocumentViewer> {
  readonly view: StoreApi<DocumentsView> = createStore<DocumentsView>()(() => INITIAL_VIEW);
  private readonly queue = new SerialQueue((error) => this.addError(describeError(error)));
  private bytes = new Map<string, Uint8Array>();
  private visit: Visit<Viewer> | null = null;
  /**
   * The id of the document in the viewer, saved when it goes. It is the view's activeId, except while a
   * closed tab's neighbour opens: then it is null, so the closed document is not saved on its way out.
   */
  private shownId: string | null = null;

  constructor(private readonly deps: OpenDocumentsDeps<Viewer>) {}

  /** The viewer of the current visit, for the toolbars. */
  get viewer(): Viewer | null {
    return this.visit?.viewer ?? null;
  }

  /** The keeper of the current visit. */
  get keeper(): DocumentSaver | null {
    return this.visit?.keeper ?? null;
  }

  /** A file's bytes, for reading its text apart from the viewer. */
  readonly bytesFor = (id: string): Uint8Array | undefined => {
    return this.bytes.get(id);
  };

  readonly setNotice = (notice: Notice): void => {
    this.view.setState({ notice });
  };

  readonly setBusy = (busy: BusyAction): void => {
    this.view.setState({ busy });
  };

  readonly setClosing = (closing: OpenedFile | null): void => {
    this.view.setState({ closing });
  };

  /**
   * Starts `userId`'s visit in `container`: one viewer and one keeper, and the documents kept from last
   * time. Returns what ends it: the shown document is saved first, and nothing of this user stays.
   */
  begin(userId: string, container: HTMLDivElement): () => void {
    const viewer = this.deps.createViewer(container, (status) => this.view.setState({ status }));
    const keeper = this.deps.createKeeper(userId, {
      onState: (keep) => this.view.setState({ keep }),
      onUnsaved: (id) => this.setFiles(this.files().map((f) => (f.id === id ? { ...f, unsaved: true } : f))),
      onBytes: (id, bytes) => this.bytes.set(id, bytes),
      onFailed: (id, error) => {
        const name = this.files().find((f) => f.id === id)?.name ?? 'this PDF';
        this.addError(keepFailure(name, error));
      },
      stillSignedIn: () => useSession.getState().user?._id === userId,
    });
    viewer.onActivity = () => {
      const shown = this.view.getState().pdf;
      if (this.shownId && shown) keeper.nudge(this.shownId, shown);
    };
    const visit: Visit<Viewer> = { userId, viewer, keeper, live: true };
    this.visit = visit;
    this.view.setState({ restoring: true });
    void this.queue
      .add(async () => {
        await viewer.init();
        const snapshot = await loadSnapshot(userId);
        if (!visit.live) return;
        this.bytes = new Map(snapshot.documents.map((d) => [d.id, d.bytes]));
        this.setFiles(snapshot.documents.map(({ id, name, unsaved }) => ({ id, name, unsaved })));
        const shown = snapshot.documents.find((d) => d.id === snapshot.activeId) ?? snapshot.documents.at(-1);
        if (!shown) return;
        try {
          await this.show(shown.id, await this.deps.open(shown.id, shown.name, shown.bytes));
        } catch (error) {
          this.view.setState({ errors: [openFailureMessage(shown.name, error)] });
        }
      })
      .finally(() => {
        if (visit.live) this.view.setState({ restoring: false });
      });
    return () => this.end(visit);
  }

  private end(visit: Visit<Viewer>): void {
    visit.live = false;
    const id = this.shownId;
    const shown = this.view.getState().pdf;
    visit.viewer.commitEditing();
    const last = id && shown ? visit.keeper.flush(id, shown, { always: true }) : Promise.resolve();
    visit.keeper.dispose();
    visit.viewer.dispose();
    if (this.visit === visit) this.visit = null;
    this.shownId = null;
    // Another account signing in from another tab keeps the Editor mounted: nothing of this one stays.
    this.deps.forgetAllPasswords();
    this.view.setState({ files: [], activeId: null, pdf: null, status: INITIAL_STATUS });
    void last.finally(() => void shown?.destroy());
  }

  /** Opens the picked files as new tabs; the last one that opened is shown. */
  readonly openFiles = (picked: File[]): Promise<void> => {
    return this.queue.add(async () => {
      const userId = this.visit?.userId ?? '';
      if (picked.length === 0) return;
      this.view.setState({ busy: 'open', notice: null });
      const failures: string[] = [];
      let last: { id: string; pdf: PdfDocument } | null = null;
      try {
        for (const file of picked) {
          const refusal = isPdf(file)
            ? openRefusal(file, this.files().length)
            : `“${file.name}” is not a PDF. Only PDF files can be opened.`;
          if (refusal) {
            failures.push(refusal);
            continue;
          }
          const bytes = new Uint8Array(await file.arrayBuffer());
          const id = crypto.randomUUID();
          let opened: PdfDocument;
          try {
            opened = await this.deps.open(id, file.name, bytes);
          } catch (error) {
            failures.push(openFailureMessage(file.name, error));
            continue;
          }
          this.bytes.set(id, bytes);
          this.setFiles([...this.files(), { id, name: file.name, unsaved: false }]);
          const stored = { userId, id, name: file.name, bytes, unsaved: false, openedAt: nextOpenedAt() };
          await putDocument(stored).catch((error: unknown) => {
            failures.push(keepFailure(file.name, error));
            this.view.setState({ keep: 'failed' });
          });
          if (last) void last.pdf.destroy();
          last = { id, pdf: opened };
        }
        this.view.setState({ errors: failures });
        if (last) {
          await this.show(last.id, last.pdf);
          this.rememberActive(last.id);
        }
      } finally {
        this.view.setState({ busy: null });
      }
    });
  };

  /** Shows another open tab. */
  readonly switchTo = (file: OpenedFile): Promise<void> => {
    return this.queue.add(async () => {
      const bytes = this.bytes.get(file.id);
      if (file.id === this.shownId || !bytes) return;
      this.view.setState({ notice: null });
      try {
        await this.show(file.id, await this.deps.open(file.id, file.name, bytes));
        this.rememberActive(file.id);
      } catch (error) {
        this.view.setState({ errors: [openFailureMessage(file.name, error)] });
      }
    });
  };

  /** Closes a tab for good; the next one (or the one before) is shown in its place. */
  readonly closeFile = (file: OpenedFile): Promise<void> => {
    return this.queue.add(async () => {
      const userId = this.visit?.userId ?? '';
      this.view.setState({ closing: null });
      this.keeper?.forget(file.id);
      this.deps.forgetPassword(file.id);
      const index = this.files().findIndex((f) => f.id === file.id);
      const rest = this.files().filter((f) => f.id !== file.id);
      this.setFiles(rest);
      this.bytes.delete(file.id);
      await deleteDocument(userId, file.id).catch(() => undefined);
      if (file.id !== this.shownId) return;
      const neighbour = rest[index] ?? rest[index - 1] ?? null;
      const bytes = neighbour ? this.bytes.get(neighbour.id) : undefined;
      // The closed document is not saved on its way out: it was flushed of its timers above.
      this.shownId = null;
      let next: PdfDocument | null = null;
      if (neighbour && bytes) {
        next = await this.deps.open(neighbour.id, neighbour.name, bytes).catch((error: unknown) => {
          this.view.setState({ errors: [openFailureMessage(neighbour.name, error)] });
          return null;
        });
      }
      await this.show(next ? (neighbour?.id ?? null) : null, next);
      if (!next) this.view.setState({ status: INITIAL_STATUS });
      this.rememberActive(neighbour?.id ?? null);
    });
  };

  /**
   * Closing a tab with annotations that were never downloaded asks first. The shown document is saved
   * first, so an annotation made a moment ago counts.
   */
  readonly requestClose = (file: OpenedFile): Promise<void> => {
    return this.queue.add(async () => {
      const shown = this.view.getState().pdf;
      if (file.id === this.shownId && shown) {
        this.viewer?.commitEditing();
        await this.keeper?.flush(file.id, shown, { always: true });
      }
      const current = this.files().find((f) => f.id === file.id);
      if (current?.unsaved) this.view.setState({ closing: current });
      // Queued behind this job, not awaited inside it.
      else if (current) void this.closeFile(current);
    });
  };

  /** After a download the annotations are safe in the user's file: closing no longer asks. */
  readonly markDownloaded = (id: string): void => {
    this.setFiles(this.files().map((f) => (f.id === id ? { ...f, unsaved: false } : f)));
    void updateDocument(this.visit?.userId ?? '', id, { unsaved: false }).catch(() => undefined);
  };

  /** Shows a document; the one shown before is saved, annotations and all, before it is let go. */
  private async show(id: string | null, next: PdfDocument | null): Promise<void> {
    const viewer = this.viewer;
    const keeper = this.keeper;
    const previous = this.view.getState().pdf;
    const previousId = this.shownId;
    if (previous && previousId && previous !== next) {
      viewer?.commitEditing();
      await keeper?.flush(previousId, previous, { always: true });
    }
    this.shownId = id;
    this.view.setState({ activeId: id, pdf: next });
    if (id && next) keeper?.watch(id, next);
    viewer?.setDocument(next);
    if (previous && previous !== next) void previous.destroy();
  }

  private rememberActive(id: string | null): void {
    void saveActive(this.visit?.userId ?? '', id).catch(() => undefined);
  }

  private files(): OpenedFile[] {
    return this.view.getState().files;
  }

  private setFiles(files: OpenedFile[]): void {
    this.view.setState({ files });
  }

  private addError(error: string): void {
    this.view.setState(({ errors }) => ({ errors: [...errors, error] }));
  }
}
