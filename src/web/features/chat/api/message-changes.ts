import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { Message, MessageReactions, type ReactionEmoji } from '../../../../contracts/messages.js';
import { apiRequest, describeError } from '../../../lib/api-client.js';

const NO_CONTENT = z.unknown();
const messagePath = (id: string) => `/api/messages/${encodeURIComponent(id)}`;

/** What a message's edit, deletion or reactions change in it. */
export type MessagePatch = Partial<Pick<Message, 'text' | 'editedAt' | 'deleted' | 'reactions'>>;

/** A message deleted for everyone: no text, no reactions, nothing left to act on. */
export const DELETED: MessagePatch = { text: '', deleted: true, reactions: undefined };

/** Applies a change to one message in a held list of messages (a DM's or a room's), if it is there. */
export function patchHeldMessage(
  client: QueryClient,
  key: QueryKey,
  messageId: string,
  patch: MessagePatch,
): void {
  client.setQueryData<Message[]>(key, (held) =>
    held?.map((message) =>
      message._id === messageId
        ? // A field set to undefined is gone, as the server would send it.
          (Object.fromEntries(
            Object.entries({ ...message, ...patch }).filter(([, value]) => value !== undefined),
          ) as Message)
        : message,
    ),
  );
}

/**
 * Edit, delete for everyone and reactions on the messages held under `key` (a DM's or a room's). The answer is
 * applied at once; the same change also arrives through the socket for every other tab.
 */
export function useMessageChanges(key: QueryKey, onError: (message: string) => void) {
  const client = useQueryClient();
  // An edit's refusal is shown in its form (mutateAsync); a deletion's or reaction's is told here.
  const told = (error: unknown) => onError(describeError(error));
  const patch = (messageId: string, change: MessagePatch) => patchHeldMessage(client, key, messageId, change);
  const edit = useMutation({
    mutationFn: ({ messageId, text }: { messageId: string; text: string }) =>
      apiRequest(messagePath(messageId), { method: 'PATCH', body: { text }, schema: Message }),
    onSuccess: (message) => patch(message._id, { text: message.text, editedAt: message.editedAt }),
  });
  const remove = useMutation({
    mutationFn: (messageId: string) =>
      apiRequest(messagePath(messageId), { method: 'DELETE', schema: NO_CONTENT }).then(() => messageId),
    onSuccess: (messageId) => patch(messageId, DELETED),
    onError: told,
  });
  const react = useMutation({
    mutationFn: ({ messageId, emoji, on }: { messageId: string; emoji: ReactionEmoji; on: boolean }) =>
      apiRequest(`${messagePath(messageId)}/reactions/${encodeURIComponent(emoji)}`, {
        method: on ? 'PUT' : 'DELETE',
        schema: MessageReactions,
      }),
    onSuccess: ({ messageId, reactions }) =>
      patch(messageId, { reactions: reactions.length ? reactions : undefined }),
    onError: told,
  });
  return { edit, remove, react };
}

export type MessageChanges = ReturnType<typeof useMessageChanges>;
