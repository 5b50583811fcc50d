import { useQuery } from '@tanstack/react-query';
import { PublicConfig } from '../../../contracts/server-info.js';
import { apiRequest } from '../../lib/api-client.js';

/** The public configuration; it changes only with a deploy, so it is cached for the session. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => apiRequest('/api/config', { schema: PublicConfig, signal }),
    staleTime: Infinity,
  });
}
