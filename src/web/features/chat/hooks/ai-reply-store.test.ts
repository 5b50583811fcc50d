import { beforeEach, describe, expect, it } from 'vitest';
import { resetAiReplies, useAiReplies } from './ai-reply-store.js';

const START = { conversationId: 'c1', replyId: 'r1', personaId: 'p1' };
const streams = () => useAiReplies.getState().streams;

describe('the reply handoff', () => {
  beforeEach(() => {
    resetAiReplies();
    useAiReplies.getState().start(START);
    useAiReplies.getState().append('r1', 'Hello');
  });

  it("keeps a stored reply's bubble, marked done, in the open conversation until the list shows it", () => {
    useAiReplies.getState().stored('r1', { onScreen: true });
    expect(streams().r1).toMatchObject({ text: 'Hello', done: true });
    // Late words for a stored reply change nothing.
    useAiReplies.getState().append('r1', ' again');
    expect(streams().r1?.text).toBe('Hello');
  });

  it("drops a stored reply's bubble at once anywhere else", () => {
    useAiReplies.getState().stored('r1', { onScreen: false });
    expect(streams()).toEqual({});
  });

  it('ignores a stored message that was never streamed here', () => {
    const before = useAiReplies.getState();
    useAiReplies.getState().stored('other', { onScreen: true });
    expect(useAiReplies.getState()).toBe(before);
  });
});
