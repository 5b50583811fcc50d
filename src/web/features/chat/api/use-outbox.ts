import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { newClientMessageId, type Message } from '../../../../contracts/messages.js';
import { describeError } from '../../../lib/api-client.js';
import { busyRetryDelay, retryCause, retrySend, type RetryCause } from './busy-retry.js';

/** A message on its way, with the id that makes sending it again safe. */
export interface OutgoingMessage {
  text: string;
  clientMessageId: string;
}

/**
 * Sends messages with `post`, and hands each stored one to `onStored`. A busy refusal or a lost answer is
 * retried by itself (see BUSY_RETRY); meanwhile `retrying` says why and the send is still pending. Every
 * attempt at one message carries the same clientMessageId, and so does sending the same text again after a
 * failure ("Try again"), so the server stores it once whatever was lost on the way.
 */
export function useOutbox(
  post: (outgoing: OutgoingMessage) => Promise<Message>,
  onStored: (message: Message) => void,
) {
  const unanswered = useRef<OutgoingMessage | null>(null);
  const mutation = useMutation({
    mutationFn: post,
    retry: retrySend,
    retryDelay: busyRetryDelay,
    onSuccess: (message, outgoing) => {
      if (unanswered.current?.clientMessageId === outgoing.clientMessageId) unanswered.current = null;
      onStored(message);
    },
  });
  const retrying: RetryCause | null =
    mutation.isPending && mutation.failureCount > 0 ? retryCause(mutation.failureReason) : null;
  return {
    /** Why the pending send is waiting for another attempt; null when it is not. */
    retrying,
    send(text: string): Promise<Message> {
      const earlier = unanswered.current;
      const outgoing = earlier?.text === text ? earlier : { text, clientMessageId: newClientMessageId() };
      unanswered.current = outgoing;
      return mutation.mutateAsync(outgoing);
    },
  };
}

export type Outbox = ReturnType<typeof useOutbox>;

/** The outbox's send that also tells `onFailed` why a message did not go (the page avoids saying it twice). */
export function sendTelling(outbox: Outbox, onFailed: (error: string) => void) {
  return async (text: string): Promise<Message> => {
    try {
      return await outbox.send(text);
    } catch (failure) {
      onFailed(describeError(failure));
      throw failure;
    }
  };
}
