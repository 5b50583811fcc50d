import { create } from 'zustand';
import type { VoiceSettings } from '../../../../contracts/voices.js';
import { useSession } from '../../../lib/session-store.js';

/** The other person in a conversation, as the chat screen shows them. */
export interface ChatPartner {
  userId: string;
  username: string;
  name: string;
  profilePic: string;
  isAi: boolean;
  /** The account was deleted: its conversation is read-only, shown as with "deleted account". */
  deleted?: boolean;
}

/** SPEC §3 mock conversation: client-only, numeric timestamp id, never listed, replaced by the first send. */
export interface MockConversation {
  _id: string;
  mock: true;
  userId: string;
}

/** SPEC §3 selected conversation: the open one, real or mock. */
export interface SelectedConversation extends ChatPartner {
  _id: string;
  mock: boolean;
  context: string;
  /** A persona's read-aloud voice, as its creator chose it; people have none. */
  voice?: VoiceSettings;
  /** What a persona says first ('' or absent for none); people have none. */
  openingMessage?: string;
}

interface ChatState {
  /** Mock conversations by the other user's id. */
  mocks: Record<string, MockConversation>;
  /** "clean slate" cut-offs by the other user's id: messages at or before this time stay hidden. */
  clearedBefore: Record<string, string>;
  /** Returns the mock conversation with `userId`, making it on first use. */
  startMock: (userId: string) => MockConversation;
  dropMock: (userId: string) => void;
  clearHistory: (userId: string, cutoff: string) => void;
}

let lastMockId = 0;

/** A numeric timestamp id, unique even when two mocks start in the same millisecond. */
function mockId(): string {
  lastMockId = Math.max(Date.now(), lastMockId + 1);
  return String(lastMockId);
}

export const useChatStore = create<ChatState>()((set, get) => ({
  mocks: {},
  clearedBefore: {},
  startMock: (userId) => {
    const existing = get().mocks[userId];
    if (existing) return existing;
    const mock: MockConversation = { _id: mockId(), mock: true, userId };
    set((state) => ({ mocks: { ...state.mocks, [userId]: mock } }));
    return mock;
  },
  dropMock: (userId) =>
    set((state) => {
      if (!(userId in state.mocks)) return state;
      const { [userId]: _dropped, ...rest } = state.mocks;
      return { mocks: rest };
    }),
  clearHistory: (userId, cutoff) =>
    set((state) => ({ clearedBefore: { ...state.clearedBefore, [userId]: cutoff } })),
}));

// Nothing of one person's chat survives into the next person's session in this tab.
useSession.subscribe((state, previous) => {
  if (previous.user !== null && state.user?._id !== previous.user._id) {
    useChatStore.setState({ mocks: {}, clearedBefore: {} });
  }
});
