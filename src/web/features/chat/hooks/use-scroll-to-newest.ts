import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Message } from '../../../../contracts/messages.js';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../../lib/use-media-query.js';

/** Within this distance of the bottom the reader is "following along" and new messages scroll in. */
const FOLLOW_DISTANCE_PX = 160;

function scrollToBottom(element: HTMLElement, behavior: ScrollBehavior): void {
  if (typeof element.scrollTo === 'function') element.scrollTo({ top: element.scrollHeight, behavior });
  else element.scrollTop = element.scrollHeight;
}

/**
 * Scrolls the log smoothly to the newest message (SPEC §2): at once when the conversation opens,
 * smoothly when a message arrives while the reader is near the bottom or it is their own. When older
 * messages are added above, the reader keeps their place. `live` names what grows below the messages
 * (a persona typing or writing its reply): each change follows it down while the reader is near the bottom.
 */
export function useScrollToNewest(
  ref: RefObject<HTMLElement | null>,
  messages: readonly Message[],
  me: string,
  live = '',
) {
  const reduced = useMediaQuery(REDUCED_MOTION_QUERY);
  const last = messages.at(-1);
  const firstId = messages[0]?._id;
  const seen = useRef<{ lastId?: string; firstId?: string; live: string; fromBottom: number }>({
    live: '',
    fromBottom: 0,
  });

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const before = seen.current;
    const following = before.fromBottom - element.clientHeight < FOLLOW_DISTANCE_PX;
    const behavior: ScrollBehavior = reduced ? 'auto' : 'smooth';
    if (last?._id !== before.lastId && last) {
      if (before.lastId === undefined) scrollToBottom(element, 'auto');
      else if (following || last.sender === me) scrollToBottom(element, behavior);
    } else if (firstId !== before.firstId && before.firstId !== undefined) {
      element.scrollTop = element.scrollHeight - before.fromBottom;
    } else if (live !== before.live && live !== '' && following) {
      scrollToBottom(element, behavior);
    }
    seen.current = {
      lastId: last?._id,
      firstId,
      live,
      fromBottom: element.scrollHeight - element.scrollTop,
    };
  }, [ref, last, firstId, me, reduced, live]);

  /** Call from the log's scroll handler so the hook knows where the reader is. */
  return useCallback(() => {
    const element = ref.current;
    if (element) seen.current.fromBottom = element.scrollHeight - element.scrollTop;
  }, [ref]);
}
