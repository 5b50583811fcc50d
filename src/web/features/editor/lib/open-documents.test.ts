import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session-store.js';
import { buildSelfUser } from '../../../test/fixtures.js';
import type { PdfDocument } from '../pdf/pdfjs.js';
import type { StoredDocument } from './editor-db.js';
import { OpenDocuments, type DocumentSaver, type DocumentViewer } from './open-documents.js';

// IndexedDB and pdf.js stay out: the documents' own rules are what is tested here.
const db = vi.hoisted(() => ({
  loadSnapshot: vi.fn(),
  putDocument: vi.fn(),
  updateDocument: vi.fn(),
  deleteDocument: vi.fn(),
  saveActive: vi.fn(),
}));
vi.mock('./editor-db.js', () => db);
vi.mock('../pdf/pdfjs.js', () => ({
  openFailureMessage: (name: string) => `Could not open “${name}”.`,
}));

const USER = buildSelfUser();

/** A stand-in for pdf.js's document: only being let go is watched. */
function fakePdf(name: string) {
  // The documents only hand it on, compare it and destroy it; nothing else of pdf.js is reached.
  return { name, destroy: vi.fn(async () => undefined) } as unknown as PdfDocument & { name: string };
}

function stored(id: string, name = `${id}.pdf`, unsaved = false): StoredDocument {
  return { userId: USER._id, id, name, bytes: new Uint8Array([1]), unsaved, openedAt: 1 };
}

function pdfFile(name: string): File {
  return new File([new Uint8Array([37, 80, 68, 70])], name, { type: 'application/pdf' });
}

function setUp(
  snapshot: { documents: StoredDocument[]; activeId: string | null } = { documents: [], activeId: null },
) {
  db.loadSnapshot.mockResolvedValue(snapshot);
  const log: string[] = [];
  const viewer: DocumentViewer = {
    init: vi.fn(async () => undefined),
    commitEditing: vi.fn(() => void log.push('commit')),
    setDocument: vi.fn(
      (pdf: PdfDocument | null) =>
        void log.push(`show ${(pdf as { name?: string } | null)?.name ?? 'nothing'}`),
    ),
    dispose: vi.fn(),
    onStampRequest: null,
    onActivity: null,
  };
  const keeper: DocumentSaver = {
    watch: vi.fn(),
    nudge: vi.fn(),
    flush: vi.fn(async (id: string) => void log.push(`save ${id}`)),
    forget: vi.fn((id: string) => void log.push(`forget ${id}`)),
    dispose: vi.fn(),
  };
  const open = vi.fn(async (_id: string, name: string) => {
    if (name.startsWith('broken')) throw new Error('bad file');
    return fakePdf(name);
  });
  const documents = new OpenDocuments({
    open,
    forgetPassword: vi.fn(),
    forgetAllPasswords: vi.fn(),
    createViewer: () => viewer,
    createKeeper: () => keeper,
  });
  const end = documents.begin(USER._id, document.createElement('div'));
  return { documents, viewer, keeper, open, log, end, view: () => documents.view.getState() };
}

/** Waits until every job queued so far has run. */
const settled = (documents: OpenDocuments) => documents.switchTo({ id: 'none', name: '', unsaved: false });

beforeEach(() => {
  Object.values(db).forEach((mock) => mock.mockReset().mockResolvedValue(undefined));
  useSession.setState({ user: USER });
});

describe('OpenDocuments', () => {
  it('restores the kept documents and shows the one that was shown', async () => {
    const { documents, view } = setUp({ documents: [stored('a'), stored('b')], activeId: 'a' });
    expect(view().restoring).toBe(true);
    await settled(documents);
    expect(view()).toMatchObject({ activeId: 'a', restoring: false, files: [{ id: 'a' }, { id: 'b' }] });
    expect(documents.bytesFor('b')).toEqual(new Uint8Array([1]));
  });

  it('opens picked PDFs as tabs, keeps them, shows the last, and says why the others were refused', async () => {
    const { documents, view } = setUp();
    await documents.openFiles([
      pdfFile('one.pdf'),
      new File(['x'], 'notes.txt'),
      pdfFile('broken.pdf'),
      pdfFile('two.pdf'),
    ]);
    expect(view().files.map((f) => f.name)).toEqual(['one.pdf', 'two.pdf']);
    expect(view().activeId).toBe(view().files[1]?.id);
    expect(view().errors).toEqual([
      '“notes.txt” is not a PDF. Only PDF files can be opened.',
      'Could not open “broken.pdf”.',
    ]);
    expect(view().busy).toBeNull();
    expect(db.putDocument).toHaveBeenCalledTimes(2);
    expect(db.saveActive).toHaveBeenLastCalledWith(USER._id, view().activeId);
  });

  it('saves the shown document before showing another, and lets the old one go', async () => {
    const { documents, log, view } = setUp({ documents: [stored('a'), stored('b')], activeId: 'a' });
    await settled(documents);
    const first = view().pdf;
    log.length = 0;
    await documents.switchTo({ id: 'b', name: 'b.pdf', unsaved: false });
    expect(log).toEqual(['commit', 'save a', 'show b.pdf']);
    expect(first?.destroy).toHaveBeenCalled();
  });

  it('runs changes one after another: a fast second click waits for the first', async () => {
    const { documents, view } = setUp({ documents: [stored('a'), stored('b'), stored('c')], activeId: 'a' });
    const b = documents.switchTo({ id: 'b', name: 'b.pdf', unsaved: false });
    const c = documents.switchTo({ id: 'c', name: 'c.pdf', unsaved: false });
    await Promise.all([b, c]);
    expect(view().activeId).toBe('c');
  });

  it('asks before closing a tab with annotations never downloaded', async () => {
    const { documents, view } = setUp({ documents: [stored('a', 'a.pdf', true)], activeId: 'a' });
    await documents.requestClose({ id: 'a', name: 'a.pdf', unsaved: true });
    expect(view().closing?.id).toBe('a');
    expect(view().files).toHaveLength(1);
  });

  it('closes a tab without saving it and shows its neighbour', async () => {
    const { documents, log, view } = setUp({ documents: [stored('a'), stored('b')], activeId: 'a' });
    await settled(documents);
    log.length = 0;
    await documents.requestClose({ id: 'a', name: 'a.pdf', unsaved: false });
    await settled(documents);
    expect(log).toEqual(['commit', 'save a', 'forget a', 'show b.pdf']);
    expect(view()).toMatchObject({ activeId: 'b', files: [{ id: 'b' }] });
    expect(db.deleteDocument).toHaveBeenCalledWith(USER._id, 'a');
  });

  it('a download clears the unsaved mark, here and in the kept copy', async () => {
    const { documents, view } = setUp({ documents: [stored('a', 'a.pdf', true)], activeId: 'a' });
    await settled(documents);
    documents.markDownloaded('a');
    expect(view().files[0]?.unsaved).toBe(false);
    expect(db.updateDocument).toHaveBeenCalledWith(USER._id, 'a', { unsaved: false });
  });

  it('ending the visit saves the shown document and keeps nothing of it', async () => {
    const { documents, log, view, end, viewer, keeper } = setUp({ documents: [stored('a')], activeId: 'a' });
    await settled(documents);
    log.length = 0;
    end();
    expect(log).toEqual(['commit', 'save a']);
    expect(viewer.dispose).toHaveBeenCalled();
    expect(keeper.dispose).toHaveBeenCalled();
    expect(view()).toMatchObject({ files: [], activeId: null, pdf: null });
    expect(documents.viewer).toBeNull();
  });
});
