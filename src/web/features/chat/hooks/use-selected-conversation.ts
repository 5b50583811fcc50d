import { useEffect } from 'react';
import type { SelfUser } from '../../../../contracts/users.js';
import { ApiError, describeError } from '../../../lib/api-client.js';
import { useProfile } from '../../../lib/profile-api.js';
import { findByUser } from '../api/conversation-cache.js';
import { useConversations } from '../api/get-conversations.js';
import { useChatStore, type SelectedConversation } from './chat-store.js';

export type Selection =
  | { kind: 'none' }
  | { kind: 'self' }
  | { kind: 'loading'; username: string }
  | { kind: 'not-found'; username: string }
  | { kind: 'error'; username: string; message: string }
  | { kind: 'ready'; conversation: SelectedConversation };

/**
 * The conversation /chat/:{username} opens: the user is looked up by name; their real conversation
 * if there is one, otherwise a hidden mock one (SPEC §4 new conversation).
 */
export function useSelectedConversation(username: string, me: SelfUser): Selection {
  const isSelf = username === me.username;
  const profile = useProfile(username, username !== '' && !isSelf);
  const conversations = useConversations();
  const partnerId = profile.data?._id;
  const real = partnerId === undefined ? undefined : findByUser(conversations.data, partnerId);
  const mock = useChatStore((state) => (partnerId === undefined ? undefined : state.mocks[partnerId]));
  const startMock = useChatStore((state) => state.startMock);
  const needsMock = partnerId !== undefined && conversations.isSuccess && !real && !mock;

  useEffect(() => {
    if (needsMock) startMock(partnerId);
  }, [needsMock, partnerId, startMock]);

  if (username === '') return { kind: 'none' };
  if (isSelf) return { kind: 'self' };
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404)
      return { kind: 'not-found', username };
    return { kind: 'error', username, message: describeError(profile.error) };
  }
  if (!profile.data) return { kind: 'loading', username };
  const partner = profile.data;
  return {
    kind: 'ready',
    conversation: {
      // Until the list answers we cannot tell real from new; the messages call copes with either.
      _id: real?._id ?? mock?._id ?? '',
      mock: !real && (mock !== undefined || needsMock),
      context: real?.context ?? '',
      userId: partner._id,
      username: partner.username,
      name: partner.name,
      profilePic: partner.profilePic,
      isAi: partner.isAi,
      deleted: partner.deleted,
      voice: partner.voice,
      openingMessage: partner.openingMessage,
    },
  };
}
