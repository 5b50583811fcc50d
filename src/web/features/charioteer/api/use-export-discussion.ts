import { useQueryClient } from '@tanstack/react-query';
import { Action } from '../../../../contracts/actions.js';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { discussionPath } from './charioteer-keys.js';

/** POST …/export: the transcript becomes a note in the user's saved items. */
export function useExportDiscussion(id: string) {
  const client = useQueryClient();
  return useApiMutation({
    path: discussionPath(id, 'export'),
    body: () => ({}),
    schema: Action,
    onSuccess: (action) => void client.invalidateQueries({ queryKey: ['actions', action.userId] }),
  });
}
