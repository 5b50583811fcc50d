import { describe, expect, it, vi } from 'vitest';
import { SKIP_WAITING, isSkipWaiting, registerUpdatePolicy } from './updates.js';

/** Just enough of a ServiceWorkerGlobalScope: its events, skipWaiting and clients.claim. */
function fakeWorkerScope() {
  const target = new EventTarget();
  const scope = Object.assign(target, {
    skipWaiting: vi.fn(() => Promise.resolve()),
    clients: { claim: vi.fn(() => Promise.resolve()) },
  });
  return scope;
}

function message(data: unknown): Event {
  return Object.assign(new Event('message'), { data });
}

describe('the update policy', () => {
  it('knows SKIP_WAITING, and nothing else, as the word to take over', () => {
    expect(isSkipWaiting(SKIP_WAITING)).toBe(true);
    expect(isSkipWaiting({ type: 'something else' })).toBe(false);
    expect(isSkipWaiting('SKIP_WAITING')).toBe(false);
    expect(isSkipWaiting(null)).toBe(false);
  });

  it('waits until a page asks it to take over', () => {
    const scope = fakeWorkerScope();
    registerUpdatePolicy(scope as unknown as ServiceWorkerGlobalScope);
    scope.dispatchEvent(message({ type: 'hello' }));
    expect(scope.skipWaiting).not.toHaveBeenCalled();
    scope.dispatchEvent(message(SKIP_WAITING));
    expect(scope.skipWaiting).toHaveBeenCalledTimes(1);
  });

  it('takes control of the open tabs when it activates', async () => {
    const scope = fakeWorkerScope();
    registerUpdatePolicy(scope as unknown as ServiceWorkerGlobalScope);
    const waits: Promise<unknown>[] = [];
    scope.dispatchEvent(
      Object.assign(new Event('activate'), { waitUntil: (p: Promise<unknown>) => waits.push(p) }),
    );
    await Promise.all(waits);
    expect(scope.clients.claim).toHaveBeenCalledTimes(1);
  });
});
