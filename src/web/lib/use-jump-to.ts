import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Pages loaded looking for the item at most: 100 pages of 50 is 5,000 messages back. Further back, the reader
 * is told so rather than the app downloading the whole conversation.
 */
export const JUMP_PAGES_MAX = 100;

export type JumpState =
  { state: 'idle' } | { state: 'looking' } | { state: 'shown'; id: string } | { state: 'missing' };

/** Earlier items, loaded a page at a time (a long conversation); absent where everything comes at once. */
export interface EarlierPages {
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadOlder: () => Promise<void>;
}

export interface JumpTarget {
  /** The item to show (a search result), or null. */
  id: string | null;
  /** The attribute that carries each item's id in the container, e.g. `data-message-id`. */
  attribute: string;
  /** Whether the item is among those held. */
  held: boolean;
  /** The first items are still loading. */
  loading: boolean;
  earlier?: EarlierPages;
  /** Runs once the item is on screen, or known missing (the page forgets the target, so going back does not jump again). */
  onShown: () => void;
}

/**
 * Brings the item `target.id` into view inside `container`: pages back (if the list has pages) until it is
 * held, scrolls it to the middle, moves focus to it and reports it shown, for the list to mark it. One
 * behaviour for every list a search result opens in (a chat's messages, a discussion's turns).
 */
export function useJumpTo(
  container: RefObject<HTMLElement | null>,
  { id, attribute, held, loading, earlier, onShown }: JumpTarget,
): JumpState {
  const [jump, setJump] = useState<JumpState>({ state: 'idle' });
  const pages = useRef(0);

  useEffect(() => {
    pages.current = 0;
    if (id) setJump({ state: 'looking' });
  }, [id]);

  useEffect(() => {
    if (!id || loading) return;
    if (held) {
      const item = [...(container.current?.querySelectorAll<HTMLElement>(`[${attribute}]`) ?? [])].find(
        (element) => element.getAttribute(attribute) === id,
      );
      if (!item) return;
      item.scrollIntoView?.({ block: 'center' });
      // Focusable now: the render that marks it comes after this effect.
      item.tabIndex = -1;
      item.focus({ preventScroll: true });
      setJump({ state: 'shown', id });
      onShown();
      return;
    }
    if (earlier?.loading || earlier?.error) return;
    if (!earlier?.hasMore || pages.current >= JUMP_PAGES_MAX) {
      setJump({ state: 'missing' });
      onShown();
      return;
    }
    pages.current += 1;
    void earlier.loadOlder();
  }, [id, attribute, held, loading, earlier, container, onShown]);

  return jump;
}
