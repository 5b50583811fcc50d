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
  /** The persona answering: the other party of a direct conversation, one of a room's personas. */
  personaId: string;
  /** In a room: the person whose message the persona answers (they, or the owner, may stop it). */
  triggeredBy?: string;
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

/** Where a persona speaks: a conversation (direct or room) and the persona. */
export type ReplyPlace = Pick<AiReplyFailure, 'conversationId' | 'personaId'>;

/** The key of a persona's failures in one conversation: a persona failing in a room says nothing of its DMs. */
function placeKey({ conversationId, personaId }: ReplyPlace): string {
  return `${conversationId} ${personaId}`;
}

export interface AiReplyState {
  /** Replies being generated, by reply id. */
  streams: Record<string, AiReplyStream>;
  /** The latest failed reply of each persona in each conversation (see placeKey). */
  failures: Record<string, AiReplyFailure>;
  start: (payload: AiReplyStart) => void;
  /** Adds a piece to a known reply; false when the reply is unknown to this tab. */
  append: (replyId: string, piece: ReplyPiece) => boolean;
  /** A reply this tab missed the start of: typing state until its text so far is joined. */
  resume: (payload: AiReplyStart, piece: ReplyPiece) => void;
  /**
   * The text so far of a reply being written (fetched from the server): shown at once, streaming on. A room's
   * view also says whom the persona answers (who, with the owner, may stop it).
   */
  join: (progress: AiReplyInProgress & { triggeredBy?: string }) => void;
  /**
   * The reply was stored (its newMessage arrived). In the open conversation its bubble stays until the
   * message list shows the stored message, so nothing blinks; anywhere else it simply goes.
   */
  stored: (replyId: string, where: { onScreen: boolean }) => void;
  fail: (failure: AiReplyFailure) => void;
  remove: (replyIds: readonly string[]) => void;
  dismissFailure: (place: ReplyPlace) => void;
  /** The connection dropped: every stream is cut (the stored replies come by back-fill or newMessage). */
  dropStreams: () => void;
}

const empty = { streams: {}, failures: {} } satisfies Pick<AiReplyState, 'streams' | 'failures'>;

function without<T>(record: Record<string, T>, keys: readonly string[]): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}

export const useAiReplies = create<AiReplyState>()((set, get) => ({
  ...empty,
  start: ({ conversationId, replyId, personaId, triggeredBy }) =>
    set((state) => ({
      streams: {
        ...state.streams,
        [replyId]: {
          replyId,
          conversationId,
          personaId,
          ...(triggeredBy === undefined ? {} : { triggeredBy }),
          text: '',
          partial: false,
          early: [],
          done: false,
        },
      },
      // A new answer is under way: the previous failure of this persona here no longer applies.
      failures: without(state.failures, [placeKey({ conversationId, personaId })]),
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
  join: ({ conversationId, replyId, personaId, text, triggeredBy: answering }) =>
    set((state) => {
      const known = state.streams[replyId];
      if (known?.done) return state;
      const placed = placePieces(text, [{ delta: known?.text ?? '', offset: 0 }, ...(known?.early ?? [])]);
      const triggeredBy = known?.triggeredBy ?? answering;
      return {
        streams: {
          ...state.streams,
          [replyId]: {
            replyId,
            conversationId,
            personaId,
            ...(triggeredBy === undefined ? {} : { triggeredBy }),
            ...placed,
            partial: false,
            done: false,
          },
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
      failures: { ...state.failures, [placeKey(failure)]: failure },
    })),
  remove: (replyIds) =>
    set((state) =>
      replyIds.some((id) => id in state.streams) ? { streams: without(state.streams, replyIds) } : state,
    ),
  dismissFailure: (place) =>
    set((state) => {
      const key = placeKey(place);
      return key in state.failures ? { failures: without(state.failures, [key]) } : state;
    }),
  dropStreams: () => set((state) => (Object.keys(state.streams).length ? { streams: {} } : state)),
}));

/**
 * Which replies a conversation shows: those in it once its id is known; before (a direct conversation's first
 * message is on its way), those of its persona.
 */
export interface LiveReplyScope {
  conversationId: string | null;
  personaId?: string;
}

function inScope(scope: LiveReplyScope, reply: ReplyPlace): boolean {
  return scope.conversationId !== null
    ? reply.conversationId === scope.conversationId
    : reply.personaId === scope.personaId;
}

/** Whether a persona is writing a reply now in one conversation (the contact list says "typing…"). */
export function usePersonaTyping(personaId: string | undefined, conversationId: string): boolean {
  return useAiReplies((state) =>
    Object.values(state.streams).some(
      (stream) => stream.personaId === personaId && stream.conversationId === conversationId && !stream.done,
    ),
  );
}

/**
 * What personas are saying right now in the open conversation: typing (before the first words, or when this
 * tab joined mid-reply), the bubbles being written, and the last failures. A stored reply's bubble leaves
 * once the message list (`held`) holds the message with the same id.
 */
export function useLiveReply(scope: LiveReplyScope, held: readonly { _id: string }[]) {
  const streams = useAiReplies(
    useShallow((state) => Object.values(state.streams).filter((stream) => inScope(scope, stream))),
  );
  const failures = useAiReplies(
    useShallow((state) => Object.values(state.failures).filter((failure) => inScope(scope, failure))),
  );
  const remove = useAiReplies((state) => state.remove);
  const ids = useMemo(() => new Set(held.map((message) => message._id)), [held]);
  const shown = useMemo(() => streams.filter((stream) => !ids.has(stream.replyId)), [streams, ids]);

  useEffect(() => {
    const stored = streams.filter((stream) => ids.has(stream.replyId)).map((stream) => stream.replyId);
    if (stored.length > 0) remove(stored);
  }, [streams, ids, remove]);

  const writing = (stream: AiReplyStream) => !stream.partial && stream.text !== '';
  const bubbles = shown.filter(writing);
  /** The replies whose first words have not arrived yet (a persona "typing"). */
  const waiting = shown.filter((stream) => !stream.done && !writing(stream));
  const typing = waiting.length > 0;
  /** Replies still under way (a room offers to stop them). */
  const speaking = shown.filter((stream) => !stream.done);
  const key = [
    typing ? 'typing' : '',
    ...bubbles.map((stream) => `${stream.replyId}:${stream.text.length}`),
    ...failures.map((failure) => failure.replyId),
  ]
    .filter(Boolean)
    .join('|');
  return { bubbles, typing, waiting, speaking, failures, failure: failures[0], key };
}

// Nothing of one person's replies survives into the next person's session in this tab.
useSession.subscribe((state, previous) => {
  if (previous.user !== null && state.user?._id !== previous.user._id) useAiReplies.setState(empty);
});

/** Test helper: back to nothing streaming and nothing failed. */
export function resetAiReplies(): void {
  useAiReplies.setState(empty);
}
