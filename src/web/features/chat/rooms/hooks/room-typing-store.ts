import { create } from 'zustand';
import { useSession } from '../../../../lib/session-store.js';

/** How long "@ann is typing…" stays after the last word that they are typing (they send one every few seconds). */
export const TYPING_SHOWN_MS = 5000;

interface RoomTypingState {
  /** Who is typing in each room, by room id: user ids, first heard first. */
  typing: Record<string, readonly string[]>;
  /** Someone is typing in a room: shown for TYPING_SHOWN_MS from now. */
  hear: (roomId: string, userId: string) => void;
  /** They stopped (their message arrived, or the time ran out). */
  stop: (roomId: string, userId: string) => void;
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();
const timerKey = (roomId: string, userId: string) => `${roomId} ${userId}`;

export const useRoomTyping = create<RoomTypingState>()((set, get) => ({
  typing: {},
  hear: (roomId, userId) => {
    const key = timerKey(roomId, userId);
    clearTimeout(timers.get(key));
    timers.set(
      key,
      setTimeout(() => get().stop(roomId, userId), TYPING_SHOWN_MS),
    );
    set((state) => {
      const now = state.typing[roomId] ?? [];
      return now.includes(userId) ? state : { typing: { ...state.typing, [roomId]: [...now, userId] } };
    });
  },
  stop: (roomId, userId) => {
    const key = timerKey(roomId, userId);
    clearTimeout(timers.get(key));
    timers.delete(key);
    set((state) => {
      const now = state.typing[roomId] ?? [];
      if (!now.includes(userId)) return state;
      return { typing: { ...state.typing, [roomId]: now.filter((id) => id !== userId) } };
    });
  },
}));

const NOBODY: readonly string[] = [];

/** The people typing in a room now. */
export function useTypingIn(roomId: string): readonly string[] {
  return useRoomTyping((state) => state.typing[roomId] ?? NOBODY);
}

/** Nobody typing anywhere, no timer left (a new session, or a test's start). */
export function resetRoomTyping(): void {
  timers.forEach((timer) => clearTimeout(timer));
  timers.clear();
  useRoomTyping.setState({ typing: {} });
}

// Nothing of one person's rooms survives into the next person's session in this tab.
useSession.subscribe((state, previous) => {
  if (previous.user !== null && state.user?._id !== previous.user._id) resetRoomTyping();
});
