/** Query keys of the Charioteer's server state, in one place so events and fetchers agree. */
export const charioteerKeys = {
  all: ['charioteer'] as const,
  list: ['charioteer', 'list'] as const,
  discussion: (id: string) => ['charioteer', 'discussion', id] as const,
};

/** The user's discussions: GET lists them, POST starts one. */
export const DISCUSSIONS_PATH = '/api/charioteer/discussions';

/** One discussion, or one of its actions (pause, next, messages…). */
export function discussionPath(id: string, action?: string): string {
  return `${DISCUSSIONS_PATH}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}
