import { beforeEach, describe, expect, it } from 'vitest';
import { placePieces, resetAiReplies, useAiReplies } from './ai-reply-store.js';

const START = { conversationId: 'c1', replyId: 'r1', personaId: 'p1' };
const streams = () => useAiReplies.getState().streams;

describe('the reply handoff', () => {
  beforeEach(() => {
    resetAiReplies();
    useAiReplies.getState().start(START);
    useAiReplies.getState().append('r1', { delta: 'Hello', offset: 0 });
  });

  it("keeps a stored reply's bubble, marked done, in the open conversation until the list shows it", () => {
    useAiReplies.getState().stored('r1', { onScreen: true });
    expect(streams().r1).toMatchObject({ text: 'Hello', done: true });
    // Late words for a stored reply change nothing.
    useAiReplies.getState().append('r1', { delta: ' again', offset: 5 });
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

describe('joining a reply mid-stream', () => {
  beforeEach(resetAiReplies);

  it('shows the text so far at once and streams on from there', () => {
    useAiReplies.getState().join({ ...START, text: 'Hello there' });
    expect(streams().r1).toMatchObject({ text: 'Hello there', partial: false });
    useAiReplies.getState().append('r1', { delta: ', friend', offset: 11 });
    expect(streams().r1?.text).toBe('Hello there, friend');
  });

  it('keeps pieces that came while the text so far was fetched, so nothing is lost or doubled', () => {
    // A piece arrives for a reply this tab never saw start: typing only, the piece waits.
    useAiReplies.getState().resume(START, { delta: ' three', offset: 9 });
    useAiReplies.getState().append('r1', { delta: ' four', offset: 15 });
    expect(streams().r1).toMatchObject({ text: '', partial: true });
    // The text so far was taken before " three" was sent.
    useAiReplies.getState().join({ ...START, text: 'One, two,' });
    expect(streams().r1).toMatchObject({ text: 'One, two, three four', partial: false, early: [] });
    // A repeated piece changes nothing.
    useAiReplies.getState().append('r1', { delta: ' three', offset: 9 });
    expect(streams().r1?.text).toBe('One, two, three four');
  });

  it('never shortens what this tab already streamed with an older text so far', () => {
    useAiReplies.getState().start(START);
    useAiReplies.getState().append('r1', { delta: 'One, two, three', offset: 0 });
    useAiReplies.getState().join({ ...START, text: 'One, two' });
    expect(streams().r1?.text).toBe('One, two, three');
  });
});

describe('placePieces', () => {
  it('places pieces by offset, in any order, and waits on gaps', () => {
    expect(
      placePieces('ab', [
        { delta: 'ef', offset: 4 },
        { delta: 'cd', offset: 2 },
      ]),
    ).toEqual({
      text: 'abcdef',
      early: [],
    });
    expect(placePieces('ab', [{ delta: 'x', offset: 5 }])).toEqual({
      text: 'ab',
      early: [{ delta: 'x', offset: 5 }],
    });
    expect(placePieces('ab', [{ delta: 'c' }])).toEqual({ text: 'abc', early: [] });
  });
});
