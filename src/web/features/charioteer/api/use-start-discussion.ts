import { useQueryClient } from '@tanstack/react-query';
import {
  Discussion,
  type DiscussionWithTurns,
  type StartDiscussionRequest,
} from '../../../../contracts/charioteer.js';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { DISCUSSIONS_PATH, charioteerKeys } from './charioteer-keys.js';
import { storeDiscussion } from './discussion-cache.js';

/** POST /api/charioteer/discussions: seats the personas and starts talking. */
export function useStartDiscussion() {
  const client = useQueryClient();
  return useApiMutation<StartDiscussionRequest, Discussion>({
    path: DISCUSSIONS_PATH,
    schema: Discussion,
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
