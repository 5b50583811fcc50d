import type { EventBus, PDFLinkService, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import { ICON_PREFIX, watchAnnotationIcons } from './annotation-icons.js';
import { attachViewerInput } from './viewer-input.js';
import {
  AnnotationEditorParamsType,
  AnnotationEditorType,
  loadViewerModule,
  type PdfDocument,
} from './pdfjs.js';
import {
  INITIAL_STATUS,
  type EditorTool,
  type StyledTool,
  type ToolStyle,
  type ViewerStatus,
} from './viewer-status.js';

const MODES: Record<EditorTool, number> = {
  none: AnnotationEditorType.NONE,
  highlight: AnnotationEditorType.HIGHLIGHT,
  freetext: AnnotationEditorType.FREETEXT,
  ink: AnnotationEditorType.INK,
  stamp: AnnotationEditorType.STAMP,
};

/** pdf.js's parameter for each styled tool's colour and size. */
const STYLE_PARAMS: Record<StyledTool, { color: number; size: number }> = {
  highlight: {
    color: AnnotationEditorParamsType.HIGHLIGHT_COLOR,
    size: AnnotationEditorParamsType.HIGHLIGHT_THICKNESS,
  },
  freetext: {
    color: AnnotationEditorParamsType.FREETEXT_COLOR,
    size: AnnotationEditorParamsType.FREETEXT_SIZE,
  },
  ink: { color: AnnotationEditorParamsType.INK_COLOR, size: AnnotationEditorParamsType.INK_THICKNESS },
};

/** The part of pdf.js's annotation editor manager used here (it is not in the public types). */
interface EditorUiManager {
  updateParams: (type: number, value: unknown) => void;
  commitOrRemove?: () => void;
}

/**
 * The highlight colours pdf.js's own viewer offers (its AppOptions' `highlightEditorColors`, pdfjs-dist
 * 5.6.205), with their high-contrast variants. pdf.js looks every highlight's colour up in this list when
 * one is added or loaded from the file; without it that lookup throws and the editor stops switching tools.
 */
const HIGHLIGHT_COLORS =
  'yellow=#FFFF98,green=#53FFBC,blue=#80EBFF,pink=#FFCBE6,red=#FF4F5F,' +
  'yellow_HCM=#FFFFCC,green_HCM=#53FFBC,blue_HCM=#80EBFF,pink_HCM=#F6B8FF,red_HCM=#C50043';

const MIN_SCALE = 0.25;
/** Below this width (px) the viewer is a phone's: pages fit its width. */
const NARROW = 700;
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
  private icons: MutationObserver | null = null;
  private detachInput: (() => void) | null = null;
  private styles: Partial<Record<StyledTool, ToolStyle>> = {};
  /** Called when the user clicks an empty spot of a page with the stamp tool (our checked picker opens). */
  onStampRequest: (() => void) | null = null;
  /** Called on pointer and key activity in the viewer: an annotation may have been edited. */
  onActivity: (() => void) | null = null;

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
      // On a phone every pixel of width goes to the page: fitting the width leaves no margin around it.
      removePageBorders: this.container.clientWidth < NARROW,
      enableHighlightFloatingButton: false,
      annotationEditorHighlightColors: HIGHLIGHT_COLORS,
    } as ConstructorParameters<typeof PDFViewer>[0]);
    linkService.setViewer(viewer);
    this.viewer = viewer;
    this.eventBus = eventBus;
    this.linkService = linkService;

    eventBus.on('annotationeditoruimanager', ({ uiManager }: { uiManager: EditorUiManager }) => {
      this.uiManager = uiManager;
    });
    eventBus.on('pagesinit', () => {
      viewer.currentScaleValue = this.container.clientWidth < NARROW ? 'page-width' : 'auto';
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
    this.icons = watchAnnotationIcons(this.container);
    this.detachInput = attachViewerInput(this.container, {
      zoom: (factor) => this.zoom(factor),
      isStampTool: () => this.status.tool === 'stamp',
      onStampRequest: () => this.onStampRequest?.(),
      onActivity: () => this.onActivity?.(),
      // A named fit ("page-width") is a size at one width: it is worked out again when the viewer
      // resizes (a phone turning, the thumbnail sidebar opening).
      onResize: () => {
        const value = viewer.currentScaleValue;
        if (this.status.pages > 0 && /^[a-z-]+$/.test(value)) viewer.currentScaleValue = value;
      },
    });
  }

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
    // pdf.js accepts null to empty the viewer, though its types do not say so.
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
    if (tool === 'highlight' || tool === 'freetext' || tool === 'ink') this.applyStyle(tool);
  }

  /** The colour and size new annotations of a tool get (and a selected one of that tool takes). */
  setStyle(tool: StyledTool, style: ToolStyle) {
    this.styles[tool] = style;
    if (this.status.tool === tool) this.applyStyle(tool);
  }

  private applyStyle(tool: StyledTool) {
    const style = this.styles[tool];
    if (!style || !this.uiManager) return;
    this.uiManager.updateParams(STYLE_PARAMS[tool].color, style.color);
    this.uiManager.updateParams(STYLE_PARAMS[tool].size, style.size);
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
    this.icons?.disconnect();
    this.detachInput?.();
    this.viewer?.setDocument(null as unknown as PdfDocument);
    this.viewer = null;
    this.eventBus = null;
  }
}
