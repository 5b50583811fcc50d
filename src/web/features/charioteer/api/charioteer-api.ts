import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Action } from '../../../../contracts/actions.js';
import {
  Discussion,
  DiscussionList,
  DiscussionWithTurns,
  Turn,
  type StartDiscussionRequest,
} from '../../../../contracts/charioteer.js';
import { apiRequest } from '../../../lib/api-client.js';

const BASE = '/api/charioteer/discussions';

export const charioteerKeys = {
  all: ['charioteer'] as const,
  list: ['charioteer', 'list'] as const,
  discussion: (id: string) => ['charioteer', 'discussion', id] as const,
};

const path = (id: string, action?: string) =>
  `${BASE}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/**
 * Whether the turn `a` comes before `b` in the stored order: by id, as the server lists them (ids are
 * time-ordered and given when a turn starts, so a join-in made while a persona speaks follows that turn).
 */
export function turnBefore(a: string, b: string): boolean {
  return a < b;
}

/** Turns in the stored order, each once (a socket event and an answer may bring the same). */
export function mergeTurns(held: readonly Turn[], incoming: readonly Turn[]): Turn[] {
  const byId = new Map(held.map((turn) => [turn._id, turn]));
  incoming.forEach((turn) => byId.set(turn._id, turn));
  return [...byId.values()].sort((a, b) => (turnBefore(a._id, b._id) ? -1 : 1));
}

/** Puts a fresh copy of a discussion in the open transcript's cache and in the list. */
export function storeDiscussion(client: QueryClient, discussion: Discussion): void {
  client.setQueryData<DiscussionWithTurns>(charioteerKeys.discussion(discussion._id), (held) =>
    held ? { ...held, discussion } : held,
  );
  client.setQueryData<Discussion[]>(charioteerKeys.list, (list) => {
    if (!list) return list;
    const others = list.filter((item) => item._id !== discussion._id);
    return list.length === others.length
      ? [discussion, ...others]
      : list.map((item) => (item._id === discussion._id ? discussion : item));
  });
}

/** Adds a stored turn to the open transcript. */
export function storeTurn(client: QueryClient, turn: Turn): void {
  client.setQueryData<DiscussionWithTurns>(charioteerKeys.discussion(turn.discussionId), (held) =>
    held ? { ...held, turns: mergeTurns(held.turns, [turn]) } : held,
  );
}

/** GET /api/charioteer/discussions: the user's own, newest first. */
export function useDiscussions() {
  return useQuery({
    queryKey: charioteerKeys.list,
    queryFn: ({ signal }) => apiRequest(BASE, { schema: DiscussionList, signal }),
  });
}

/**
 * GET /api/charioteer/discussions/:id. Turns only ever get added, so a turn the socket brought while
 * the request was on its way is kept.
 */
export function useDiscussion(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: charioteerKeys.discussion(id),
    queryFn: async ({ signal }) => {
      const fetched = await apiRequest(path(id), { schema: DiscussionWithTurns, signal });
      const held = client.getQueryData<DiscussionWithTurns>(charioteerKeys.discussion(id));
      return held ? { ...fetched, turns: mergeTurns(held.turns, fetched.turns) } : fetched;
    },
  });
}

/** POST /api/charioteer/discussions: seats the personas and starts talking. */
export function useStartDiscussion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StartDiscussionRequest) =>
      apiRequest(BASE, { method: 'POST', body: input, schema: Discussion }),
    onSuccess: (discussion) => {
      client.setQueryData<DiscussionWithTurns>(
        charioteerKeys.discussion(discussion._id),
        (held) => held ?? { discussion, turns: [] },
      );
      storeDiscussion(client, discussion);
      void client.invalidateQueries({ queryKey: charioteerKeys.list });
    },
  });
}

export type ControlAction = 'pause' | 'resume' | 'stop';

/** Pause, resume (for `turns` more) or stop; the answer is the discussion's new state. */
export function useControlDiscussion(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, turns }: { action: ControlAction; turns?: number }) =>
      apiRequest(path(id, action), {
        method: 'POST',
        body: action === 'resume' ? { turns } : {},
        schema: Discussion,
      }),
    onSuccess: (discussion) => storeDiscussion(client, discussion),
  });
}

/** POST …/next: this persona speaks next. */
export function usePickSpeaker(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (personaId: string) =>
      apiRequest(path(id, 'next'), { method: 'POST', body: { personaId }, schema: Discussion }),
    onSuccess: (discussion) => storeDiscussion(client, discussion),
  });
}

/** POST …/messages: the user joins in. */
export function useInterject(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest(path(id, 'messages'), { method: 'POST', body: { text }, schema: Turn }),
    onSuccess: (turn) => storeTurn(client, turn),
  });
}

/** POST …/export: the transcript becomes a note in the user's saved items. */
export function useExportDiscussion(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(path(id, 'export'), { method: 'POST', body: {}, schema: Action }),
    onSuccess: (action) => void client.invalidateQueries({ queryKey: ['actions', action.userId] }),
  });
}
