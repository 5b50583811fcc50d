import { create } from 'zustand';
import type { IntakeReport } from '../../../lib/pdf/intake-report.js';
import type { StudioTurn } from '../model/studio-prompt.js';
import { onLogout, useSession } from '../../../lib/session-store.js';
import {
  EMPTY_STUDIO_SESSION,
  clearStudioSession,
  loadStudioSession,
  saveStudioSession,
  type StudioSessionData,
} from './studio-persistence.js';

/** Where a web lookup's text came from, shown under the output with its link. */
export interface WebSource {
  title: string;
  url?: string;
  note?: string;
  source: 'encyclopedia' | 'ai';
}

/** One stored reply in the output history. */
export interface OutputEntry {
  text: string;
  web?: WebSource;
}

/** A PDF's extracted text, kept apart from the context box (SPEC §2 "its own box"). */
export interface FileContext {
  id: string;
  name: string;
  text: string;
  pages: number;
  /** What was read and what was left out, and why; absent for files kept before reports existed. */
  report?: IntakeReport;
}

interface StudioData {
  input: string;
  /** What the output box shows: a stored reply, an answer streaming in, or the user's edit of either. */
  output: string;
  history: OutputEntry[];
  /** Which stored reply the output shows; -1 before the first. */
  historyIndex: number;
  conversation: StudioTurn[];
  context: string;
  files: FileContext[];
  /** The saved item loaded into the context box, which save and memory update. */
  selectedId: string | null;
  /** The Pro/Max toggle: shortcuts and the context panel. */
  pro: boolean;
  /** What the context box held before something replaced it, until the user undoes it or types. */
  contextUndo: ContextUndo | null;
  /** What the last reload could not bring back (too large to keep in this browser). */
  leftOut: string[];
}

/** The context box's previous content, kept so a replacement (recall, loading an item) can be undone. */
export interface ContextUndo {
  context: string;
  selectedId: string | null;
  /** What replaced it, in words for the offer to undo ("the recalled passages"). */
  replacedBy: string;
}

export interface FinishedReply {
  /** What the user asked, as the conversation records it. */
  asked: string;
  reply: string;
  web?: WebSource;
  /** "more": the reply continues the last answer instead of answering a new turn. */
  continues?: boolean;
}

interface StudioActions {
  setInput: (input: string) => void;
  /** The user edits the output; the shown history entry (and, for the latest, the conversation) keeps it. */
  editOutput: (output: string) => void;
  /** An answer arriving: only the output box changes until it is finished. */
  showStreaming: (output: string) => void;
  finishReply: (reply: FinishedReply) => void;
  /** Puts the shown stored reply back in the output box (after a failed or refused request). */
  restoreOutput: () => void;
  stepHistory: (delta: -1 | 1) => void;
  /** SPEC §4: the clear word or button resets input, output and the conversation. */
  clearChat: () => void;
  /** The user's own edit of the context box (which ends any offer to undo a replacement). */
  setContext: (context: string) => void;
  /** Replaces the context box with generated text (recall); the previous text can be undone. */
  replaceContext: (context: string, replacedBy: string) => void;
  undoContextReplace: () => void;
  /**
   * Text sent from elsewhere (the Editor's selection or whole PDF): added under what the context box
   * already holds. It is no longer the loaded saved item's memory, so the selection is dropped.
   */
  sendToContext: (text: string) => void;
  /** Loads a saved item into the context box; typed text it replaces can be undone. */
  selectItem: (id: string | null, memory?: string, title?: string) => void;
  addFile: (file: FileContext) => void;
  removeFile: (id: string) => void;
  clearFiles: () => void;
  /** The chip's free button: the context box, the files and the selection all go. */
  freeContext: () => void;
  setPro: (pro: boolean) => void;
  reset: () => void;
}

export type StudioState = StudioData & StudioActions;

const initial: StudioData = { ...EMPTY_STUDIO_SESSION, contextUndo: null, leftOut: [] };

/** The undo slot for a replacement: only when the box held something else worth getting back. */
function undoFor(state: StudioData, next: string, replacedBy: string): ContextUndo | null {
  if (!state.context.trim() || state.context === next) return null;
  return { context: state.context, selectedId: state.selectedId, replacedBy };
}

/** Joins two pieces of an answer, adding a space only where neither side has one. */
export function joinContinuation(base: string, more: string): string {
  if (!base) return more;
  return /\s$/.test(base) || /^\s/.test(more) ? `${base}${more}` : `${base} ${more}`;
}

/**
 * The studio's working state. It outlives the page (going to the chat and back keeps the work) but not
 * the session: signing out or switching user clears it, so nothing is left for the next person.
 */
export const useStudio = create<StudioState>()((set, get) => ({
  ...restoredState(useSession.getState().user?._id ?? null),
  setInput: (input) => set({ input }),
  editOutput: (output) =>
    set((state) => {
      const history = state.history.map((entry, index) =>
        index === state.historyIndex ? { ...entry, text: output } : entry,
      );
      // Editing the latest reply corrects what the AI said, so later requests see the edit.
      const latest = state.historyIndex === state.history.length - 1;
      const last = state.conversation.at(-1);
      const conversation: StudioTurn[] =
        latest && last?.role === 'assistant'
          ? [...state.conversation.slice(0, -1), { role: 'assistant', text: output }]
          : state.conversation;
      return { output, history, conversation };
    }),
  showStreaming: (output) => set({ output }),
  finishReply: ({ asked, reply, web, continues = false }) =>
    set((state) => {
      const entry: OutputEntry = web ? { text: reply, web } : { text: reply };
      const history = [...state.history, entry];
      const last = state.conversation.at(-1);
      const conversation: StudioTurn[] =
        continues && last?.role === 'assistant'
          ? [...state.conversation.slice(0, -1), { role: 'assistant', text: reply }]
          : [...state.conversation, { role: 'user', text: asked }, { role: 'assistant', text: reply }];
      return { output: reply, history, historyIndex: history.length - 1, conversation };
    }),
  restoreOutput: () => set((state) => ({ output: state.history[state.historyIndex]?.text ?? '' })),
  stepHistory: (delta) => {
    const { history, historyIndex } = get();
    const next = historyIndex + delta;
    const entry = history[next];
    if (entry) set({ historyIndex: next, output: entry.text });
  },
  clearChat: () =>
    set({ input: '', output: '', history: [], historyIndex: -1, conversation: [], leftOut: [] }),
  setContext: (context) => set({ context, contextUndo: null }),
  replaceContext: (context, replacedBy) =>
    set((state) => ({ context, selectedId: null, contextUndo: undoFor(state, context, replacedBy) })),
  undoContextReplace: () =>
    set((state) =>
      state.contextUndo
        ? { context: state.contextUndo.context, selectedId: state.contextUndo.selectedId, contextUndo: null }
        : {},
    ),
  sendToContext: (text) =>
    set((state) => {
      const added = text.trim();
      if (!added) return {};
      const current = state.context.trimEnd();
      return { context: current ? `${current}\n\n${added}` : added, selectedId: null };
    }),
  selectItem: (id, memory = '', title = 'the saved item') =>
    set((state) =>
      id === null
        ? { selectedId: null }
        : { selectedId: id, context: memory, contextUndo: undoFor(state, memory, `“${title}”`) },
    ),
  addFile: (file) => set((state) => ({ files: [...state.files, file] })),
  removeFile: (id) => set((state) => ({ files: state.files.filter((file) => file.id !== id) })),
  clearFiles: () => set({ files: [] }),
  freeContext: () => set({ context: '', files: [], selectedId: null, contextUndo: null }),
  setPro: (pro) => set({ pro }),
  reset: () => set(initial),
}));

/** The context sent with a request: the context box, then each file's text under its name. */
export function combinedContext(state: Pick<StudioData, 'context' | 'files'>): string {
  return [state.context.trim(), ...state.files.map((file) => `From the file ${file.name}:\n${file.text}`)]
    .filter(Boolean)
    .join('\n\n');
}

/** What the context chip counts: the context box and every file's text. */
export function contextSize(state: Pick<StudioData, 'context' | 'files'>): number {
  return state.context.length + state.files.reduce((sum, file) => sum + file.text.length, 0);
}

/** The web source of the reply the output box shows (none while another answer streams in). */
export function shownWebSource(
  state: Pick<StudioData, 'history' | 'historyIndex' | 'output'>,
): WebSource | null {
  const entry = state.history[state.historyIndex];
  return entry?.web && entry.text === state.output ? entry.web : null;
}

/** The store's state for a user: their session from this browser, or a fresh start. */
function restoredState(userId: string | null): StudioData {
  const restored = userId ? loadStudioSession(userId) : null;
  return restored ? { ...initial, ...restored.data, leftOut: restored.leftOut } : initial;
}

function sessionData(state: StudioData): StudioSessionData {
  const { input, output, history, historyIndex, conversation, context, files, selectedId, pro } = state;
  return { input, output, history, historyIndex, conversation, context, files, selectedId, pro };
}

/** Whose session the store holds; writes go to that user's entry. */
let owner: string | null = useSession.getState().user?._id ?? null;
let pendingWrite: ReturnType<typeof setTimeout> | null = null;
/** Streaming changes the output many times a second; writing at most this often is enough. */
const WRITE_DELAY_MS = 250;

/** Writes a pending change now (before the page goes away, or before switching user). */
export function flushStudioSession(): void {
  if (pendingWrite === null) return;
  clearTimeout(pendingWrite);
  pendingWrite = null;
  if (owner) saveStudioSession(owner, sessionData(useStudio.getState()));
}

useStudio.subscribe((state, previous) => {
  const changed = (Object.keys(sessionData(state)) as (keyof StudioSessionData)[]).some(
    (key) => state[key] !== previous[key],
  );
  if (!owner || !changed || pendingWrite !== null) return;
  pendingWrite = setTimeout(flushStudioSession, WRITE_DELAY_MS);
});

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushStudioSession);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushStudioSession();
  });
}

// Logging out forgets the session in this browser, so nothing is left for the next person. A session that
// expires keeps it for when the same person signs in again; switching user keeps each user's session apart.
onLogout((userId) => {
  if (pendingWrite !== null) clearTimeout(pendingWrite);
  pendingWrite = null;
  clearStudioSession(userId);
});

useSession.subscribe((session) => {
  const next = session.user?._id ?? null;
  if (next === owner) return;
  flushStudioSession();
  owner = next;
  useStudio.setState(restoredState(next));
});
