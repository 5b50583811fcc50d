import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  Action,
  ActionList,
  type CreateActionRequest,
  type UpdateActionRequest,
} from '../../contracts/actions.js';
import { NEXT_CURSOR_HEADER } from '../../contracts/personas.js';
import { apiRequest, apiRequestWithHeaders } from './api-client.js';

/** Deleting answers with a small confirmation we do not need; any JSON is fine. */
const Deleted = z.unknown();

const PAGE_SIZE = 500;
/** A safety stop: 40 pages of 500 is far more than anyone keeps, and a broken cursor cannot loop forever. */
const MAX_PAGES = 40;

export const actionsKey = (userId: string) => ['actions', userId] as const;

/** GET /api/actions/getActions/:userId, every page (recall searches all saved items), newest first. */
export async function fetchAllActions(userId: string, signal?: AbortSignal): Promise<Action[]> {
  const all: Action[] = [];
  let before: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (before) query.set('before', before);
    const { data, headers } = await apiRequestWithHeaders(
      `/api/actions/getActions/${encodeURIComponent(userId)}?${query.toString()}`,
      { schema: ActionList, signal },
    );
    all.push(...data);
    before = headers.get(NEXT_CURSOR_HEADER);
    if (!before || data.length === 0) break;
  }
  return all;
}

/** The signed-in user's saved notes and prompts (SPEC §7: loaded on mount and when the user changes). */
export function useActions(userId: string) {
  return useQuery({
    queryKey: actionsKey(userId),
    queryFn: ({ signal }) => fetchAllActions(userId, signal),
  });
}

function useActionsCache(userId: string) {
  const queryClient = useQueryClient();
  return (change: (items: Action[]) => Action[]) =>
    queryClient.setQueryData<Action[]>(actionsKey(userId), (items) => change(items ?? []));
}

/** POST /api/actions/createAction: the new item goes to the top of the list. */
export function useCreateAction(userId: string) {
  const update = useActionsCache(userId);
  return useMutation({
    mutationFn: (input: Omit<CreateActionRequest, 'userId'>) =>
      apiRequest('/api/actions/createAction', {
        method: 'POST',
        body: { userId, description: '', ...input },
        schema: Action,
      }),
    onSuccess: (created) => update((items) => [created, ...items.filter((item) => item._id !== created._id)]),
  });
}

/** PATCH /api/actions/updateAction/:id (memory, title or pinned). */
export function useUpdateAction(userId: string) {
  const update = useActionsCache(userId);
  return useMutation({
    mutationFn: ({ id, ...changes }: Omit<UpdateActionRequest, 'userId'> & { id: string }) =>
      apiRequest(`/api/actions/updateAction/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { userId, ...changes },
        schema: Action,
      }),
    onSuccess: (changed) =>
      update((items) => items.map((item) => (item._id === changed._id ? changed : item))),
  });
}

/** DELETE /api/actions/deleteAction/:id. */
export function useDeleteAction(userId: string) {
  const update = useActionsCache(userId);
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(`/api/actions/deleteAction/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: Deleted,
      });
      return id;
    },
    onSuccess: (id) => update((items) => items.filter((item) => item._id !== id)),
  });
}
