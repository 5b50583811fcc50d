import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERRORS } from '../../contracts/errors.js';
import { ProfileResponse, SelfUser, type UpdateUserRequest } from '../../contracts/users.js';
import { ApiError, apiRequest } from './api-client.js';
import { useSession } from './session-store.js';

/** Cache key of one profile; usernames are case-insensitive, so the key is lowercased. */
export function profileKey(query: string) {
  return ['profile', query.toLowerCase()] as const;
}

/**
 * GET /api/users/profile/:query. A frozen profile counts as no user at all (SPEC §3), except a persona its
 * creator is told a moderator froze (it carries the reason).
 */
export async function fetchProfile(query: string, signal?: AbortSignal): Promise<ProfileResponse> {
  const profile = await apiRequest(`/api/users/profile/${encodeURIComponent(query)}`, {
    schema: ProfileResponse,
    signal,
  });
  if (profile.isFrozen && profile.frozenReason === undefined) throw new ApiError(404, ERRORS.userNotFound);
  return profile;
}

/** A profile for the page; only fetched for signed-in viewers (the call needs a session). */
export function useProfile(query: string, enabled: boolean) {
  return useQuery({
    queryKey: profileKey(query),
    queryFn: ({ signal }) => fetchProfile(query, signal),
    enabled: enabled && query !== '',
  });
}

/** PUT /api/users/update/:id; the answer becomes the stored user (SPEC §7). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const setUser = useSession((state) => state.setUser);
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateUserRequest }) =>
      apiRequest(`/api/users/update/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: input,
        schema: SelfUser,
      }),
    onSuccess: (user) => {
      setUser(user);
      // Username may have changed, so every cached profile could be stale.
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}
