import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Message } from '../../../../contracts/messages.js';
import type { OlderMessages } from './use-older-messages.js';

/**
 * Pages loaded looking for the message at most: 100 pages of 50 is 5,000 messages back. Further back, the reader
 * is told so rather than the app downloading the whole conversation.
 */
export const JUMP_PAGES_MAX = 100;

export type JumpState =
  { state: 'idle' } | { state: 'looking' } | { state: 'shown'; messageId: string } | { state: 'missing' };

/**
 * Brings the message `targetId` (a search result) into view: pages back through the conversation until it is
 * held, scrolls it to the middle of the log, marks it and moves focus to it. `onShown` runs once it is on
 * screen (the page forgets the target, so going back to the chat does not jump again).
 */
export function useJumpToMessage(
  log: RefObject<HTMLElement | null>,
  messages: readonly Message[],
  older: OlderMessages,
  loading: boolean,
  targetId: string | null,
  onShown: () => void,
): JumpState {
  const [jump, setJump] = useState<JumpState>({ state: 'idle' });
  const pages = useRef(0);
  const held = targetId ? messages.some((message) => message._id === targetId) : false;

  useEffect(() => {
    pages.current = 0;
    if (targetId) setJump({ state: 'looking' });
  }, [targetId]);

  useEffect(() => {
    if (!targetId || loading) return;
    if (held) {
      const row = [...(log.current?.querySelectorAll<HTMLElement>('[data-message-id]') ?? [])].find(
        (element) => element.dataset.messageId === targetId,
      );
      if (!row) return;
      row.scrollIntoView?.({ block: 'center' });
      // Focusable now: the render that marks it comes after this effect.
      row.tabIndex = -1;
      row.focus({ preventScroll: true });
      setJump({ state: 'shown', messageId: targetId });
      onShown();
      return;
    }
    if (older.loading || older.error) return;
    if (!older.hasMore || pages.current >= JUMP_PAGES_MAX) {
      setJump({ state: 'missing' });
      onShown();
      return;
    }
    pages.current += 1;
    void older.loadOlder();
  }, [targetId, held, loading, older, log, onShown]);

  return jump;
}
