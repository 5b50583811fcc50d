import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { MESSAGE_LIMITS, type Message } from '../../../../contracts/messages.js';
import { describeError } from '../../../lib/api-client.js';
import { fetchMessagePage } from '../api/get-messages.js';
import { mergeMessages } from '../api/message-cache.js';
import type { MessageThread } from '../api/message-thread.js';

interface OlderState {
  loading: boolean;
  /** The last page back came up short: the start of the conversation is on screen. */
  exhausted: boolean;
  error: string | null;
}

/**
 * Pages back through a conversation (GET …?before=<oldest id>) when the reader reaches the top.
 * `messages` is everything held for the conversation, oldest first.
 */
export function useOlderMessages(thread: MessageThread, messages: readonly Message[], enabled: boolean) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<OlderState>({ loading: false, exhausted: false, error: null });
  const inFlight = useRef(false);
  const oldest = messages[0];
  // A first page shorter than a full page already holds the whole conversation.
  const hasMore = enabled && !state.exhausted && messages.length >= MESSAGE_LIMITS.pageSize;

  const loadOlder = useCallback(async () => {
    if (inFlight.current || !hasMore || !oldest) return;
    inFlight.current = true;
    setState((current) => ({ ...current, loading: true, error: null }));
    try {
      const page = await fetchMessagePage(thread, { before: oldest._id });
      queryClient.setQueryData<Message[]>(thread.key, (held) => mergeMessages(held ?? [], page));
      setState({ loading: false, exhausted: page.length < MESSAGE_LIMITS.pageSize, error: null });
    } catch (error) {
      setState({ loading: false, exhausted: false, error: describeError(error) });
    } finally {
      inFlight.current = false;
    }
  }, [hasMore, oldest, thread, queryClient]);

  return { hasMore, loading: state.loading, error: state.error, loadOlder };
}

export type OlderMessages = ReturnType<typeof useOlderMessages>;
