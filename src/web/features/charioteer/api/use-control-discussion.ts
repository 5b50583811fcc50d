import { useQueryClient } from '@tanstack/react-query';
import { Discussion } from '../../../../contracts/charioteer.js';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { discussionPath } from './charioteer-keys.js';
import { storeDiscussion } from './discussion-cache.js';

type ControlAction = 'pause' | 'resume' | 'stop';

/** Pause, resume (for `turns` more) or stop; the answer is the discussion's new state. */
export function useControlDiscussion(id: string) {
  const client = useQueryClient();
  return useApiMutation({
    path: ({ action }: { action: ControlAction; turns?: number }) => discussionPath(id, action),
    body: ({ action, turns }) => (action === 'resume' ? { turns } : {}),
    schema: Discussion,
    onSuccess: (discussion) => storeDiscussion(client, discussion),
  });
}
