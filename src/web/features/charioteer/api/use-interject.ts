import { useQueryClient } from '@tanstack/react-query';
import { Turn } from '../../../../contracts/charioteer.js';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { discussionPath } from './charioteer-keys.js';
import { storeTurn } from './discussion-cache.js';

/** POST …/messages: the user joins in. */
export function useInterject(id: string) {
  const client = useQueryClient();
  return useApiMutation({
    path: discussionPath(id, 'messages'),
    body: (text: string) => ({ text }),
    schema: Turn,
    onSuccess: (turn) => storeTurn(client, turn),
  });
}
