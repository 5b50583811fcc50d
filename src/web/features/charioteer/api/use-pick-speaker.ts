import { useQueryClient } from '@tanstack/react-query';
import { Discussion } from '../../../../contracts/charioteer.js';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { discussionPath } from './charioteer-keys.js';
import { storeDiscussion } from './discussion-cache.js';

/** POST …/next: this persona speaks next. */
export function usePickSpeaker(id: string) {
  const client = useQueryClient();
  return useApiMutation({
    path: discussionPath(id, 'next'),
    body: (personaId: string) => ({ personaId }),
    schema: Discussion,
    onSuccess: (discussion) => storeDiscussion(client, discussion),
  });
}
