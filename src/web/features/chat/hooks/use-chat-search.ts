import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Conversation } from '../../../../contracts/messages.js';
import { normalizeUsername } from '../../../../contracts/rules.js';
import type { SelfUser } from '../../../../contracts/users.js';
import { ApiError, describeError } from '../../../lib/api-client.js';
import { fetchProfile, profileKey } from '../../../lib/profile-api.js';
import { chatKeys } from '../api/chat-keys.js';
import { findByUser } from '../api/conversation-cache.js';
import { useChatStore } from './chat-store.js';

/** Shown for a username nobody has (or whose account is frozen). */
export const NO_SUCH_USER = 'No user with that name';

/** SPEC §5 chat search: trimmed, lowercased, a leading @ ignored. */
export function searchTerm(raw: string): string {
  return normalizeUsername(raw.trim().replace(/^@/, ''));
}

/**
 * Opens or starts a conversation by username (SPEC §2/§5): empty input and oneself do nothing, an
 * unknown name says so, a known name without a conversation gets a hidden mock one; then the URL
 * becomes /chat/:{username}. Resolves true when a conversation was opened.
 */
export function useChatSearch(me: SelfUser) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const startMock = useChatStore((state) => state.startMock);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const search = async (raw: string): Promise<boolean> => {
    const username = searchTerm(raw);
    if (username === '' || pending) return false;
    if (username === me.username) {
      setError(null);
      return false;
    }
    setPending(true);
    setError(null);
    try {
      const profile = await queryClient.fetchQuery({
        queryKey: profileKey(username),
        queryFn: ({ signal }) => fetchProfile(username, signal),
      });
      if (profile._id === me._id) return false;
      const list = queryClient.getQueryData<Conversation[]>(chatKeys.conversations);
      if (!findByUser(list, profile._id)) startMock(profile._id);
      void navigate(`/chat/:${profile.username}`);
      return true;
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 404 ? NO_SUCH_USER : describeError(failure));
      return false;
    } finally {
      setPending(false);
    }
  };

  return { search, error, pending, clearError: () => setError(null) };
}
