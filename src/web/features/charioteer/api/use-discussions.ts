import { useQuery } from '@tanstack/react-query';
import { DiscussionList } from '../../../../contracts/charioteer.js';
import { apiRequest } from '../../../lib/api-client.js';
import { DISCUSSIONS_PATH, charioteerKeys } from './charioteer-keys.js';

/** GET /api/charioteer/discussions: the user's own, newest first. */
export function useDiscussions() {
  return useQuery({
    queryKey: charioteerKeys.list,
    queryFn: ({ signal }) => apiRequest(DISCUSSIONS_PATH, { schema: DiscussionList, signal }),
  });
}
