import { fetchAiRepliesInProgress } from '../api/ai-replies.js';
import type { AiReplyState } from './ai-reply-store.js';

/** Asks the server for the replies still being written; runs at most one ask at a time. */
export interface ReplyCatchUp {
  /** Asks now, or once more after the ask in flight when there is one. */
  run: () => void;
  /** Stops asking: the screen stopped listening. */
  stop: () => void;
}

/**
 * Replies that began before this screen listened (it was elsewhere, reloaded or reconnected): their text
 * so far comes from the server, and the pieces streaming meanwhile are laid on by their offsets. A reply
 * already `handled` (stored) is not joined again.
 */
export function createReplyCatchUp(
  handled: ReadonlySet<string>,
  replies: Pick<AiReplyState, 'join'>,
): ReplyCatchUp {
  const stopped = new AbortController();
  let inFlight = false;
  let again = false;
  const run = () => {
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    void fetchAiRepliesInProgress(stopped.signal)
      .then((live) => live.forEach((progress) => handled.has(progress.replyId) || replies.join(progress)))
      // Best effort: the stored reply still arrives as newMessage or by back-fill.
      .catch(() => undefined)
      .finally(() => {
        inFlight = false;
        if (again && !stopped.signal.aborted) {
          again = false;
          run();
        }
      });
  };
  return { run, stop: () => stopped.abort() };
}
