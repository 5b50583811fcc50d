import { describe, expect, it } from 'vitest';
import { newClientMessageId, SendMessageRequest } from './messages.js';

describe('clientMessageId as the web app makes it', () => {
  it('is accepted by the send contract, unique, and sorts in time order', () => {
    const ids = [1_700_000_000_000, 1_700_000_000_001, 1_800_000_000_000].map((t) => newClientMessageId(t));
    for (const clientMessageId of ids) {
      expect(SendMessageRequest.safeParse({ message: 'x', recipientId: 'r', clientMessageId }).success).toBe(
        true,
      );
    }
    expect([...ids].sort()).toEqual(ids);
    // Enough ids to draw the random pool several times over.
    const many = new Set(Array.from({ length: 1000 }, () => newClientMessageId(1_700_000_000_000)));
    expect(many.size).toBe(1000);
    for (const id of many) expect(id).toMatch(/^018bcfe56800[0-9a-f]{20}$/);
  });
});
