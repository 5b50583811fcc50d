import { useEffect } from 'react';
import type { Room } from '../../../../../contracts/rooms.js';
import { useAiReplies } from '../../hooks/ai-reply-store.js';

/**
 * A persona speaking when the room was read (its view's `speaking`, as DMs have GET /api/messages/ai-replies):
 * its text so far joins the replies store, so a tab opened mid-turn shows it and streams on, with Stop for
 * whoever may stop it. A reply already stored leaves again as soon as the message list holds it.
 */
export function useJoinSpeaking(room: Room): void {
  const join = useAiReplies((state) => state.join);
  const speaking = room.left ? undefined : room.speaking;
  useEffect(() => {
    if (speaking) join(speaking);
  }, [speaking, join]);
}
