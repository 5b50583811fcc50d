import { create } from 'zustand';
import type { StudioTurn } from '../model/studio-prompt.js';
import { useSession } from '../../../lib/session-store.js';

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
  setContext: (context: string) => void;
  /**
   * Text sent from elsewhere (the Editor's selection or whole PDF): added under what the context box
   * already holds. It is no longer the loaded saved item's memory, so the selection is dropped.
   */
  sendToContext: (text: string) => void;
  selectItem: (id: string | null, memory?: string) => void;
  addFile: (file: FileContext) => void;
  removeFile: (id: string) => void;
  clearFiles: () => void;
  /** The chip's free button: the context box, the files and the selection all go. */
  freeContext: () => void;
  setPro: (pro: boolean) => void;
  reset: () => void;
}

export type StudioState = StudioData & StudioActions;

const initial: StudioData = {
  input: '',
  output: '',
  history: [],
  historyIndex: -1,
  conversation: [],
  context: '',
  files: [],
  selectedId: null,
  pro: false,
};

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
  ...initial,
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
  clearChat: () => set({ input: '', output: '', history: [], historyIndex: -1, conversation: [] }),
  setContext: (context) => set({ context }),
  sendToContext: (text) =>
    set((state) => {
      const added = text.trim();
      if (!added) return {};
      const current = state.context.trimEnd();
      return { context: current ? `${current}\n\n${added}` : added, selectedId: null };
    }),
  selectItem: (id, memory) =>
    set(id === null ? { selectedId: null } : { selectedId: id, context: memory ?? '' }),
  addFile: (file) => set((state) => ({ files: [...state.files, file] })),
  removeFile: (id) => set((state) => ({ files: state.files.filter((file) => file.id !== id) })),
  clearFiles: () => set({ files: [] }),
  freeContext: () => set({ context: '', files: [], selectedId: null }),
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

useSession.subscribe((session, previous) => {
  if (session.user?._id !== previous.user?._id) useStudio.getState().reset();
});
