import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { AiReplyInProgress } from '../../../../contracts/messages.js';
import type { AiReplyStart } from '../../../../contracts/realtime.js';
import { useSession } from '../../../lib/session-store.js';

/** A persona's reply while it is being generated (SPEC §4 AI reply), as the socket streams it. */
export interface AiReplyStream {
  /** The id the stored reply will have (its newMessage carries the same `_id`). */
  replyId: string;
  conversationId: string;
  /** The persona answering: the other party of the conversation. */
  personaId: string;
  /** The text so far, already sanitised by the server: exactly the start of the stored reply. */
  text: string;
  /**
   * This tab heard of the reply mid-way (it was elsewhere or reconnected) and has not yet fetched the text
   * so far: only the typing state shows until it has (see join).
   */
  partial: boolean;
  /** Pieces that arrived ahead of the text held (while the text so far was being fetched). */
  early: readonly ReplyPiece[];
  /** The stored reply arrived; the streamed bubble stays until the message list shows it, so nothing blinks. */
  done: boolean;
}

/** One streamed piece and where it goes in the reply's text (no offset: right after what came before). */
export interface ReplyPiece {
  delta: string;
  offset?: number;
}

/**
 * Lays pieces onto the text: each piece that starts within the text (or right at its end) is placed at its
 * offset, over what is already there (the server's text never changes once sent, so overlaps agree);
 * pieces starting beyond the end wait for the gap to be filled.
 */
export function placePieces(
  text: string,
  pieces: readonly ReplyPiece[],
): { text: string; early: ReplyPiece[] } {
  let current = text;
  let waiting = [...pieces];
  for (let placed = true; placed;) {
    placed = false;
    const still: ReplyPiece[] = [];
    for (const piece of waiting) {
      const at = piece.offset ?? current.length;
      if (at > current.length) {
        still.push(piece);
        continue;
      }
      if (at + piece.delta.length > current.length) current = current.slice(0, at) + piece.delta;
      placed = true;
    }
    waiting = still;
  }
  return { text: current, early: waiting };
}

/** A persona's reply that failed: nothing was stored, the person's message stays. */
export interface AiReplyFailure {
  replyId: string;
  conversationId: string;
  personaId: string;
  error: string;
}

export interface AiReplyState {
  /** Replies being generated, by reply id. */
  streams: Record<string, AiReplyStream>;
  /** The latest failed reply of each persona, by persona id. */
  failures: Record<string, AiReplyFailure>;
  start: (payload: AiReplyStart) => void;
  /** Adds a piece to a known reply; false when the reply is unknown to this tab. */
  append: (replyId: string, piece: ReplyPiece) => boolean;
  /** A reply this tab missed the start of: typing state until its text so far is joined. */
  resume: (payload: AiReplyStart, piece: ReplyPiece) => void;
  /** The text so far of a reply being written (fetched from the server): shown at once, streaming on. */
  join: (progress: AiReplyInProgress) => void;
  /**
   * The reply was stored (its newMessage arrived). In the open conversation its bubble stays until the
   * message list shows the stored message, so nothing blinks; anywhere else it simply goes.
   */
  stored: (replyId: string, where: { onScreen: boolean }) => void;
  fail: (failure: AiReplyFailure) => void;
  remove: (replyIds: readonly string[]) => void;
  dismissFailure: (personaId: string) => void;
  /** The connection dropped: every stream is cut (the stored replies come by back-fill or newMessage). */
  dropStreams: () => void;
}

const empty = { streams: {}, failures: {} } satisfies Pick<AiReplyState, 'streams' | 'failures'>;

function without<T>(record: Record<string, T>, keys: readonly string[]): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}

export const useAiReplies = create<AiReplyState>()((set, get) => ({
  ...empty,
  start: ({ conversationId, replyId, personaId }) =>
    set((state) => ({
      streams: {
        ...state.streams,
        [replyId]: { replyId, conversationId, personaId, text: '', partial: false, early: [], done: false },
      },
      // A new answer is under way: the previous failure of this persona no longer applies.
      failures: without(state.failures, [personaId]),
    })),
  append: (replyId, piece) => {
    const stream = get().streams[replyId];
    if (!stream) return false;
    if (stream.done || piece.delta === '') return true;
    const placed = placePieces(stream.text, [...stream.early, piece]);
    set((state) => ({ streams: { ...state.streams, [replyId]: { ...stream, ...placed } } }));
    return true;
  },
  resume: ({ conversationId, replyId, personaId }, piece) =>
    set((state) => ({
      streams: {
        ...state.streams,
        [replyId]: {
          replyId,
          conversationId,
          personaId,
          text: '',
          partial: true,
          early: [piece],
          done: false,
        },
      },
    })),
  join: ({ conversationId, replyId, personaId, text }) =>
    set((state) => {
      const known = state.streams[replyId];
      if (known?.done) return state;
      const placed = placePieces(text, [{ delta: known?.text ?? '', offset: 0 }, ...(known?.early ?? [])]);
      return {
        streams: {
          ...state.streams,
          [replyId]: { replyId, conversationId, personaId, ...placed, partial: false, done: false },
        },
      };
    }),
  stored: (replyId, { onScreen }) =>
    set((state) => {
      const stream = state.streams[replyId];
      if (!stream || stream.done) return state;
      if (!onScreen) return { streams: without(state.streams, [replyId]) };
      return { streams: { ...state.streams, [replyId]: { ...stream, done: true } } };
    }),
  fail: (failure) =>
    set((state) => ({
      streams: without(state.streams, [failure.replyId]),
      failures: { ...state.failures, [failure.personaId]: failure },
    })),
  remove: (replyIds) =>
    set((state) =>
      replyIds.some((id) => id in state.streams) ? { streams: without(state.streams, replyIds) } : state,
    ),
  dismissFailure: (personaId) =>
    set((state) =>
      personaId in state.failures ? { failures: without(state.failures, [personaId]) } : state,
    ),
  dropStreams: () => set((state) => (Object.keys(state.streams).length ? { streams: {} } : state)),
}));

/** The replies of one persona that are still being written or not yet shown as stored messages. */
function usePersonaStreams(personaId: string): AiReplyStream[] {
  return useAiReplies(
    useShallow((state) => Object.values(state.streams).filter((stream) => stream.personaId === personaId)),
  );
}

/** Whether a persona is writing a reply now (the contact list says "typing…"). */
export function usePersonaTyping(personaId: string | undefined): boolean {
  return useAiReplies((state) =>
    Object.values(state.streams).some((stream) => stream.personaId === personaId && !stream.done),
  );
}

/**
 * What a persona is saying right now in the open conversation: typing (before its first words, or when this
 * tab joined mid-reply), the bubbles being written, and its last failure. A stored reply's bubble leaves
 * once the message list (`held`) holds the message with the same id.
 */
export function useLiveReply(personaId: string, held: readonly { _id: string }[]) {
  const streams = usePersonaStreams(personaId);
  const failure = useAiReplies((state) => state.failures[personaId]);
  const remove = useAiReplies((state) => state.remove);
  const ids = useMemo(() => new Set(held.map((message) => message._id)), [held]);
  const shown = useMemo(() => streams.filter((stream) => !ids.has(stream.replyId)), [streams, ids]);

  useEffect(() => {
    const stored = streams.filter((stream) => ids.has(stream.replyId)).map((stream) => stream.replyId);
    if (stored.length > 0) remove(stored);
  }, [streams, ids, remove]);

  const writing = (stream: AiReplyStream) => !stream.partial && stream.text !== '';
  const bubbles = shown.filter(writing);
  const typing = shown.some((stream) => !stream.done && !writing(stream));
  const key = [
    typing ? 'typing' : '',
    ...bubbles.map((stream) => `${stream.replyId}:${stream.text.length}`),
    failure?.replyId ?? '',
  ]
    .filter(Boolean)
    .join('|');
  return { bubbles, typing, failure, key };
}

// Nothing of one person's replies survives into the next person's session in this tab.
useSession.subscribe((state, previous) => {
  if (previous.user !== null && state.user?._id !== previous.user._id) useAiReplies.setState(empty);
});

/** Test helper: back to nothing streaming and nothing failed. */
export function resetAiReplies(): void {
  useAiReplies.setState(empty);
}
