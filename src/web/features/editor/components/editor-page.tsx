import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ACTION_LIMITS } from '../../../../contracts/actions.js';
import { Button } from '../../../components/ui/button.js';
import { InlineMessage } from '../../../components/ui/inline-message.js';
import { describeError } from '../../../lib/api-client.js';
import { useSession } from '../../../lib/session-store.js';
import { useCreateAction } from '../../studio/api/actions-api.js';
import { useStudio } from '../../studio/state/studio-store.js';
import { canvasNoteTitle } from '../lib/note-title.js';
import { checkStampFile, STAMP_ACCEPT } from '../lib/stamp-types.js';
import { documentText } from '../pdf/document-text.js';
import { openFailureMessage, openPdf, type PdfDocument } from '../pdf/pdfjs.js';
import {
  INITIAL_STATUS,
  ViewerController,
  type EditorTool,
  type ViewerStatus,
} from '../pdf/viewer-controller.js';
import styles from './editor-page.module.css';

/** One opened PDF: its bytes (with the annotations made so far, once the user switches away). */
interface OpenedFile {
  id: string;
  name: string;
  bytes: Uint8Array;
}

type Notice = { kind: 'error' | 'success'; text: string; studioLink?: boolean } | null;

const TOOLS: { tool: EditorTool; label: string; hint: string }[] = [
  { tool: 'none', label: 'Select', hint: 'Select text and move around' },
  { tool: 'highlight', label: 'Highlight', hint: 'Select text to highlight it' },
  { tool: 'freetext', label: 'Text', hint: 'Click on a page to type a text box' },
  { tool: 'ink', label: 'Draw', hint: 'Draw with the pointer' },
  { tool: 'stamp', label: 'Stamp', hint: 'Add an image' },
];

function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

function annotatedName(name: string): string {
  return `${name.replace(/\.pdf$/i, '')}-annotated.pdf`;
}

/** The selected text, if the selection lies inside the viewer. */
function selectedTextIn(container: HTMLElement | null): string {
  const selection = window.getSelection();
  if (!container || !selection || selection.isCollapsed) return '';
  const node = selection.anchorNode;
  if (!node || !container.contains(node)) return '';
  return selection.toString().trim();
}

/** The Editor: pdf.js's own viewer and annotation editor around one or more opened PDFs. */
export function EditorPage() {
  const id = useId();
  const userId = useSession((state) => state.user?._id ?? '');
  const sendToContext = useStudio((state) => state.sendToContext);
  const createAction = useCreateAction(userId);

  const containerRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<ViewerController | null>(null);
  const pdfRef = useRef<PdfDocument | null>(null);
  const pdfInputRef = useRef<HTMLInputElement>(null);
  const stampInputRef = useRef<HTMLInputElement>(null);
  const activeIdRef = useRef<string | null>(null);

  const [files, setFiles] = useState<OpenedFile[]>([]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [status, setStatus] = useState<ViewerStatus>(INITIAL_STATUS);
  const [errors, setErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<'open' | 'download' | 'send' | 'note' | null>(null);
  const [query, setQuery] = useState('');
  const [pageInput, setPageInput] = useState('');
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const controller = new ViewerController(container, setStatus);
    controller.onStampRequest = () => stampInputRef.current?.click();
    controllerRef.current = controller;
    void controller.init().catch((error: unknown) => setErrors([describeError(error)]));
    return () => {
      controller.dispose();
      controllerRef.current = null;
      void pdfRef.current?.destroy();
      pdfRef.current = null;
    };
  }, []);

  useEffect(() => setPageInput(status.page ? String(status.page) : ''), [status.page]);

  /** Shows a loaded document; the one shown before keeps its annotations in its bytes. */
  const show = useCallback(async (file: OpenedFile, pdf: PdfDocument) => {
    const controller = controllerRef.current;
    const previous = pdfRef.current;
    if (previous && previous !== pdf) {
      controller?.commitEditing();
      if (previous.annotationStorage.size > 0) {
        const bytes = await previous.saveDocument();
        setFiles((list) => list.map((item) => (item.id === activeIdRef.current ? { ...item, bytes } : item)));
      }
    }
    pdfRef.current = pdf;
    activeIdRef.current = file.id;
    setActiveId(file.id);
    controller?.setDocument(pdf);
    if (previous && previous !== pdf) void previous.destroy();
  }, []);

  const openFiles = useCallback(
    async (picked: File[]) => {
      if (picked.length === 0) return;
      setBusy('open');
      setNotice(null);
      const failures: string[] = [];
      let last: { file: OpenedFile; pdf: PdfDocument } | null = null;
      for (const file of picked) {
        if (!isPdf(file)) {
          failures.push(`“${file.name}” is not a PDF. Only PDF files can be opened.`);
          continue;
        }
        const bytes = new Uint8Array(await file.arrayBuffer());
        try {
          const pdf = await openPdf(bytes);
          const opened: OpenedFile = { id: crypto.randomUUID(), name: file.name, bytes };
          setFiles((list) => [...list, opened]);
          if (last) void last.pdf.destroy();
          last = { file: opened, pdf };
        } catch (error) {
          failures.push(openFailureMessage(file.name, error));
        }
      }
      setErrors(failures);
      if (last) await show(last.file, last.pdf);
      setBusy(null);
    },
    [show],
  );

  const switchTo = async (file: OpenedFile) => {
    if (file.id === activeId) return;
    setNotice(null);
    try {
      // show() keeps the current document's annotations in its bytes before switching.
      await show(file, await openPdf(file.bytes));
    } catch (error) {
      setErrors([openFailureMessage(file.name, error)]);
    }
  };

  const closeFile = (file: OpenedFile) => {
    setFiles((list) => list.filter((item) => item.id !== file.id));
    if (file.id === activeId) {
      controllerRef.current?.setDocument(null);
      void pdfRef.current?.destroy();
      pdfRef.current = null;
      activeIdRef.current = null;
      setActiveId(null);
      setStatus(INITIAL_STATUS);
    }
  };

  const chooseTool = (tool: EditorTool) => {
    setNotice(null);
    if (tool === 'stamp') {
      stampInputRef.current?.click();
      return;
    }
    void controllerRef.current?.setTool(tool);
  };

  const onStampPicked = async (file: File | undefined) => {
    if (!file) return;
    const refusal = checkStampFile(file);
    if (refusal) {
      setNotice({ kind: 'error', text: refusal });
      return;
    }
    setNotice(null);
    await controllerRef.current?.addStamp(file);
  };

  const download = async () => {
    const pdf = pdfRef.current;
    const file = files.find((item) => item.id === activeId);
    if (!pdf || !file) return;
    setBusy('download');
    try {
      controllerRef.current?.commitEditing();
      const bytes = await pdf.saveDocument();
      const url = URL.createObjectURL(
        new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = annotatedName(file.name);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setNotice({ kind: 'error', text: `Could not save the annotated PDF: ${describeError(error)}` });
    } finally {
      setBusy(null);
    }
  };

  /** The selection inside the viewer, or else the whole document's text. */
  const pickText = async (): Promise<{ text: string; whole: boolean }> => {
    const selected = selectedTextIn(containerRef.current);
    if (selected) return { text: selected, whole: false };
    const pdf = pdfRef.current;
    return { text: pdf ? (await documentText(pdf)).trim() : '', whole: true };
  };

  const sendToStudio = async () => {
    setBusy('send');
    try {
      const { text, whole } = await pickText();
      if (!text) {
        setNotice({ kind: 'error', text: 'There is no text to send: this PDF has no readable text.' });
        return;
      }
      sendToContext(text);
      setNotice({
        kind: 'success',
        text: `${whole ? 'The whole text' : 'The selection'} (${text.length.toLocaleString('en-US')} characters) is in the Studio’s context.`,
        studioLink: true,
      });
    } catch (error) {
      setNotice({ kind: 'error', text: describeError(error) });
    } finally {
      setBusy(null);
    }
  };

  const saveAsNote = async () => {
    setBusy('note');
    try {
      const { text } = await pickText();
      const memory = text.slice(0, ACTION_LIMITS.memoryMax);
      if (!memory) {
        setNotice({ kind: 'error', text: 'There is no text to save: this PDF has no readable text.' });
        return;
      }
      const title = canvasNoteTitle(memory);
      await createAction.mutateAsync({ type: 'note', title, memory });
      setNotice({ kind: 'success', text: `Saved the note “${title}”.` });
    } catch (error) {
      setNotice({ kind: 'error', text: `Could not save the note: ${describeError(error)}` });
    } finally {
      setBusy(null);
    }
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    controllerRef.current?.find(query);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void openFiles([...event.dataTransfer.files]);
  };

  const hasDocument = status.pages > 0;
  const matches =
    status.searchState === 'not-found'
      ? 'No matches'
      : status.matches && status.matches.total > 0
        ? `${status.matches.current} of ${status.matches.total}`
        : '';

  return (
    <div className={styles.page}>
      <title>Editor · Simplified</title>
      <header className={styles.header}>
        <div className={styles.intro}>
          <h1 className={styles.title}>Editor</h1>
          <p className={styles.subtitle}>
            Read, search and annotate PDFs, then download them or use their text.
          </p>
        </div>
        <input
          ref={pdfInputRef}
          id={`${id}-open`}
          type="file"
          accept="application/pdf,.pdf"
          multiple
          className="visually-hidden"
          aria-label="Open PDF files"
          onChange={(event) => {
            void openFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <Button onClick={() => pdfInputRef.current?.click()} busy={busy === 'open'}>
          Open PDFs
        </Button>
      </header>

      {errors.map((error) => (
        <InlineMessage key={error} kind="error">
          {error}
        </InlineMessage>
      ))}

      {files.length > 0 ? (
        <nav className={styles.files} aria-label="Opened PDFs">
          {files.map((file) => (
            <span key={file.id} className={styles.fileTab} data-active={file.id === activeId || undefined}>
              <button
                type="button"
                className={styles.fileName}
                aria-current={file.id === activeId ? 'true' : undefined}
                onClick={() => void switchTo(file)}
              >
                {file.name}
              </button>
              <button
                type="button"
                className={styles.fileClose}
                aria-label={`Close ${file.name}`}
                onClick={() => closeFile(file)}
              >
                ×
              </button>
            </span>
          ))}
        </nav>
      ) : null}

      <div className={styles.toolbar} role="toolbar" aria-label="Viewer controls" hidden={files.length === 0}>
        <div className={styles.group}>
          <button
            type="button"
            className={styles.tool}
            aria-label="Previous page"
            disabled={!hasDocument || status.page <= 1}
            onClick={() => controllerRef.current?.goToPage(status.page - 1)}
          >
            ‹
          </button>
          <form
            className={styles.pageForm}
            onSubmit={(event) => {
              event.preventDefault();
              controllerRef.current?.goToPage(Number(pageInput));
            }}
          >
            <input
              className={styles.pageInput}
              aria-label="Page number"
              inputMode="numeric"
              value={pageInput}
              disabled={!hasDocument}
              onChange={(event) => setPageInput(event.target.value.replace(/\D/g, ''))}
              onBlur={() => controllerRef.current?.goToPage(Number(pageInput))}
            />
            <span className={styles.muted}>of {status.pages || '–'}</span>
          </form>
          <button
            type="button"
            className={styles.tool}
            aria-label="Next page"
            disabled={!hasDocument || status.page >= status.pages}
            onClick={() => controllerRef.current?.goToPage(status.page + 1)}
          >
            ›
          </button>
        </div>

        <div className={styles.group}>
          <button
            type="button"
            className={styles.tool}
            aria-label="Zoom out"
            disabled={!hasDocument}
            onClick={() => controllerRef.current?.zoom(1 / 1.25)}
          >
            −
          </button>
          <output className={styles.zoom} aria-label="Zoom level">
            {status.zoom}%
          </output>
          <button
            type="button"
            className={styles.tool}
            aria-label="Zoom in"
            disabled={!hasDocument}
            onClick={() => controllerRef.current?.zoom(1.25)}
          >
            +
          </button>
          <button
            type="button"
            className={styles.textTool}
            disabled={!hasDocument}
            onClick={() => controllerRef.current?.zoom('page-width')}
          >
            Fit width
          </button>
        </div>

        <form className={`${styles.group} ${styles.search}`} role="search" onSubmit={onSearch}>
          <input
            className={styles.searchInput}
            type="search"
            aria-label="Search in the PDF"
            placeholder="Search in the PDF"
            value={query}
            disabled={!hasDocument}
            onChange={(event) => {
              setQuery(event.target.value);
              if (!event.target.value) controllerRef.current?.find('');
            }}
          />
          <button
            type="button"
            className={styles.tool}
            aria-label="Previous match"
            disabled={!hasDocument || !query.trim()}
            onClick={() => controllerRef.current?.find(query, { previous: true })}
          >
            ↑
          </button>
          <button
            type="submit"
            className={styles.tool}
            aria-label="Next match"
            disabled={!hasDocument || !query.trim()}
          >
            ↓
          </button>
          <span className={styles.muted} role="status" aria-label="Search results">
            {matches}
          </span>
        </form>
      </div>

      <div
        className={styles.toolbar}
        role="toolbar"
        aria-label="Annotation tools"
        hidden={files.length === 0}
      >
        <div className={styles.group}>
          {TOOLS.map(({ tool, label, hint }) => (
            <button
              key={tool}
              type="button"
              className={styles.textTool}
              aria-pressed={status.tool === tool}
              title={hint}
              disabled={!hasDocument}
              onClick={() => chooseTool(tool)}
            >
              {label}
            </button>
          ))}
          <input
            ref={stampInputRef}
            type="file"
            accept={STAMP_ACCEPT}
            className="visually-hidden"
            aria-label="Stamp image"
            tabIndex={-1}
            onChange={(event) => {
              void onStampPicked(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </div>
        <div className={styles.group}>
          <Button
            className={styles.action}
            variant="secondary"
            disabled={!hasDocument}
            busy={busy === 'download'}
            onClick={() => void download()}
          >
            Download
          </Button>
          <Button
            className={styles.action}
            variant="secondary"
            disabled={!hasDocument}
            busy={busy === 'send'}
            // Keeps the text selection when the button is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => void sendToStudio()}
          >
            Send to Studio
          </Button>
          <Button
            className={styles.action}
            variant="secondary"
            disabled={!hasDocument || !userId}
            busy={busy === 'note'}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => void saveAsNote()}
          >
            Save as note
          </Button>
        </div>
      </div>

      {notice ? (
        <InlineMessage kind={notice.kind}>
          {notice.text}
          {notice.studioLink ? (
            <>
              {' '}
              <Link to="/studio">Open the Studio</Link>
            </>
          ) : null}
        </InlineMessage>
      ) : null}

      <div
        className={styles.stage}
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-label="PDF viewer"
        role="region"
      >
        <div ref={containerRef} className={styles.container}>
          <div className="pdfViewer" />
        </div>
        {files.length === 0 ? (
          <div className={styles.empty}>
            <span className={styles.emptyMark} aria-hidden="true">
              ✦
            </span>
            <p>Drop PDF files here, or open them.</p>
            <Button variant="secondary" onClick={() => pdfInputRef.current?.click()}>
              Choose PDFs
            </Button>
          </div>
        ) : null}
        {dragging ? <div className={styles.dropHint}>Drop to open</div> : null}
      </div>
    </div>
  );
}
