import type { EventBus, PDFLinkService, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import {
  AnnotationEditorParamsType,
  AnnotationEditorType,
  loadViewerModule,
  type PdfDocument,
} from './pdfjs.js';

/** The editing tools the toolbar offers (pdf.js's AnnotationEditorType values). */
export type EditorTool = 'none' | 'highlight' | 'freetext' | 'ink' | 'stamp';

const MODES: Record<EditorTool, number> = {
  none: AnnotationEditorType.NONE,
  highlight: AnnotationEditorType.HIGHLIGHT,
  freetext: AnnotationEditorType.FREETEXT,
  ink: AnnotationEditorType.INK,
  stamp: AnnotationEditorType.STAMP,
};

export interface ViewerStatus {
  page: number;
  pages: number;
  /** The zoom as a percentage. */
  zoom: number;
  tool: EditorTool;
  /** The search's current match and total, null before a search. */
  matches: { current: number; total: number } | null;
  searchState: 'idle' | 'found' | 'not-found' | 'pending';
}

export const INITIAL_STATUS: ViewerStatus = {
  page: 0,
  pages: 0,
  zoom: 100,
  tool: 'none',
  matches: null,
  searchState: 'idle',
};

/** The part of pdf.js's annotation editor manager used here (it is not in the public types). */
interface EditorUiManager {
  updateParams: (type: number, value: unknown) => void;
  commitOrRemove?: () => void;
}

/**
 * pdf.js builds annotation icon addresses as `${imageResourcesPath}annotation-NAME.svg`. The icons are
 * bundled by Vite under hashed names, so pdf.js gets a marker prefix and each icon's address is swapped
 * for its bundled one as it appears.
 */
const ICON_PREFIX = '/pdfjs-icons/';
const ICONS = new Map(
  Object.entries(
    import.meta.glob<string>('../../../../../node_modules/pdfjs-dist/web/images/annotation-*.svg', {
      query: '?url&no-inline',
      import: 'default',
      eager: true,
    }),
  ).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]),
);

function swapIcon(img: HTMLImageElement) {
  const src = img.getAttribute('src') ?? '';
  if (!src.startsWith(ICON_PREFIX)) return;
  const bundled = ICONS.get(src.slice(ICON_PREFIX.length));
  if (bundled) img.src = bundled;
  else img.removeAttribute('src');
}

const MIN_SCALE = 0.25;
const MAX_SCALE = 5;

/**
 * Wraps pdf.js's own viewer (PDFViewer, EventBus, PDFLinkService, PDFFindController) and its annotation
 * editor. Pages are rendered lazily by PDFViewer, so a long document stays responsive.
 */
export class ViewerController {
  private viewer: PDFViewer | null = null;
  private eventBus: EventBus | null = null;
  private linkService: PDFLinkService | null = null;
  private uiManager: EditorUiManager | null = null;
  private status: ViewerStatus = INITIAL_STATUS;
  private lastQuery = '';
  private disposed = false;
  private readonly icons = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof HTMLImageElement) swapIcon(node);
        else if (node instanceof HTMLElement) node.querySelectorAll('img').forEach(swapIcon);
      }
    }
  });
  /** Called when the user clicks an empty spot of a page with the stamp tool (our checked picker opens). */
  onStampRequest: (() => void) | null = null;

  constructor(
    private readonly container: HTMLDivElement,
    private readonly onStatus: (status: ViewerStatus) => void,
  ) {}

  async init(): Promise<void> {
    const { EventBus, PDFLinkService, PDFFindController, PDFViewer } = await loadViewerModule();
    if (this.disposed) return;
    const eventBus = new EventBus();
    const linkService = new PDFLinkService({ eventBus });
    const findController = new PDFFindController({ eventBus, linkService });
    const viewer = new PDFViewer({
      container: this.container,
      eventBus,
      linkService,
      findController,
      annotationEditorMode: AnnotationEditorType.NONE,
      imageResourcesPath: ICON_PREFIX,
      enableHighlightFloatingButton: false,
    } as ConstructorParameters<typeof PDFViewer>[0]);
    linkService.setViewer(viewer);
    this.viewer = viewer;
    this.eventBus = eventBus;
    this.linkService = linkService;

    eventBus.on('annotationeditoruimanager', ({ uiManager }: { uiManager: EditorUiManager }) => {
      this.uiManager = uiManager;
    });
    eventBus.on('pagesinit', () => {
      viewer.currentScaleValue = this.container.clientWidth < 700 ? 'page-width' : 'auto';
      this.update({ pages: viewer.pagesCount, page: viewer.currentPageNumber });
    });
    eventBus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) =>
      this.update({ page: pageNumber }),
    );
    eventBus.on('scalechanging', ({ scale }: { scale: number }) =>
      this.update({ zoom: Math.round(scale * 100) }),
    );
    eventBus.on('annotationeditormodechanged', ({ mode }: { mode: number }) => {
      const tool = (Object.keys(MODES) as EditorTool[]).find((key) => MODES[key] === mode) ?? 'none';
      this.update({ tool });
    });
    eventBus.on(
      'updatefindmatchescount',
      ({ matchesCount }: { matchesCount: { current: number; total: number } }) =>
        this.update({ matches: matchesCount }),
    );
    eventBus.on(
      'updatefindcontrolstate',
      ({ state, matchesCount }: { state: number; matchesCount: { current: number; total: number } }) => {
        // FindState: FOUND 0, NOT_FOUND 1, WRAPPED 2, PENDING 3.
        const searchState = state === 1 ? 'not-found' : state === 3 ? 'pending' : 'found';
        this.update({ searchState, matches: matchesCount });
      },
    );
    this.container.addEventListener('pointerdown', this.interceptStampClick, { capture: true });
    this.icons.observe(this.container, { childList: true, subtree: true });
  }

  /** With the stamp tool, a click on an empty spot would open pdf.js's unchecked picker: ours opens instead. */
  private interceptStampClick = (event: PointerEvent) => {
    if (this.status.tool !== 'stamp' || event.button !== 0) return;
    const target = event.target as HTMLElement | null;
    if (!target?.classList.contains('annotationEditorLayer')) return;
    event.preventDefault();
    event.stopPropagation();
    this.onStampRequest?.();
  };

  private update(change: Partial<ViewerStatus>) {
    this.status = { ...this.status, ...change };
    this.onStatus(this.status);
  }

  get ready(): boolean {
    return this.viewer !== null;
  }

  setDocument(pdf: PdfDocument | null) {
    if (!this.viewer) return;
    this.uiManager = null;
    this.lastQuery = '';
    this.update({ ...INITIAL_STATUS });
    this.viewer.setDocument(pdf as PdfDocument);
    // The find controller counts pages through the link service, so it must know the document too.
    this.linkService?.setDocument(pdf, null);
  }

  goToPage(page: number) {
    if (!this.viewer || this.status.pages === 0) return;
    this.viewer.currentPageNumber = Math.min(Math.max(1, Math.round(page)), this.status.pages);
  }

  /** Zoom by a factor, or to pdf.js's named fits ('page-width', 'page-fit', 'auto'). */
  zoom(value: number | 'page-width' | 'page-fit' | 'auto') {
    if (!this.viewer || this.status.pages === 0) return;
    if (typeof value === 'number') {
      const next = Math.min(Math.max(this.viewer.currentScale * value, MIN_SCALE), MAX_SCALE);
      this.viewer.currentScale = Math.round(next * 100) / 100;
    } else {
      this.viewer.currentScaleValue = value;
    }
  }

  /** Finds text across the document; `again` steps to the next (or previous) match. */
  find(query: string, { previous = false } = {}) {
    if (!this.eventBus) return;
    const trimmed = query.trim();
    if (!trimmed) {
      this.lastQuery = '';
      this.eventBus.dispatch('findbarclose', { source: this });
      this.update({ matches: null, searchState: 'idle' });
      return;
    }
    const again = trimmed === this.lastQuery;
    this.lastQuery = trimmed;
    this.eventBus.dispatch('find', {
      source: this,
      type: again ? 'again' : '',
      query: trimmed,
      caseSensitive: false,
      entireWord: false,
      highlightAll: true,
      findPrevious: previous,
      matchDiacritics: false,
    });
  }

  /** Switches the editing tool and waits until pdf.js has switched. */
  async setTool(tool: EditorTool): Promise<void> {
    const viewer = this.viewer;
    const eventBus = this.eventBus;
    if (!viewer || !eventBus || this.status.pages === 0) return;
    const mode = MODES[tool];
    // The getter's declared type is wrong (it returns the mode number), so the status is asked instead.
    if (this.status.tool === tool) return;
    const switched = new Promise<void>((resolve) => {
      const listener = ({ mode: changed }: { mode: number }) => {
        if (changed !== mode) return;
        eventBus.off('annotationeditormodechanged', listener);
        resolve();
      };
      eventBus.on('annotationeditormodechanged', listener);
    });
    viewer.annotationEditorMode = { mode };
    await switched;
  }

  /** Places a stamp from an already checked image file in the middle of the visible page. */
  async addStamp(file: File): Promise<void> {
    await this.setTool('stamp');
    this.uiManager?.updateParams(AnnotationEditorParamsType.CREATE, { bitmapFile: file });
  }

  /** Ends any text box being typed, so what the user sees is what gets saved. */
  commitEditing() {
    this.uiManager?.commitOrRemove?.();
  }

  dispose() {
    this.disposed = true;
    this.icons.disconnect();
    this.container.removeEventListener('pointerdown', this.interceptStampClick, { capture: true });
    this.viewer?.setDocument(null as unknown as PdfDocument);
    this.viewer = null;
    this.eventBus = null;
  }
}
