import { describe, expect, it } from 'vitest';
import { GRACE, ME, buildMessage } from '../../../test/chat-server.js';
import { markSeenBy, mergeMessages, visibleAfter } from './message-cache.js';

describe('mergeMessages', () => {
  it('merges by _id: nothing lost, nothing twice, oldest first', () => {
    const a = buildMessage();
    const b = buildMessage();
    const c = buildMessage();
    const d = buildMessage();
    const merged = mergeMessages([a, c], [d, b, c]);
    expect(merged.map((m) => m._id)).toEqual([a._id, b._id, c._id, d._id]);
  });

  it('never turns a seen message back to unseen when a stale copy arrives', () => {
    const message = buildMessage({ seen: true });
    expect(mergeMessages([message], [{ ...message, seen: false }])[0]?.seen).toBe(true);
    expect(mergeMessages([{ ...message, seen: false }], [message])[0]?.seen).toBe(true);
  });
});

describe('markSeenBy', () => {
  it('marks every message not sent by the reader as seen', () => {
    const mine = buildMessage({ sender: ME._id });
    const theirs = buildMessage({ sender: GRACE._id });
    const result = markSeenBy([mine, theirs], GRACE._id);
    expect(result.map((m) => m.seen)).toEqual([true, false]);
  });
});

describe('visibleAfter', () => {
  it('hides messages at or before the clean-slate cut-off', () => {
    const a = buildMessage();
    const b = buildMessage();
    const c = buildMessage();
    expect(visibleAfter([a, b, c], b.createdAt)).toEqual([c]);
    expect(visibleAfter([a, b], undefined)).toEqual([a, b]);
  });
});
