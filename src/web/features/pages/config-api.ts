import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.js';

/** GET /api/config: public settings the pages show (the contact address, SPEC §1). */
export const PublicConfig = z.object({ contactEmail: z.string() });
export type PublicConfig = z.infer<typeof PublicConfig>;

/** The public configuration; it changes only with a deploy, so it is cached for the session. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => apiRequest('/api/config', { schema: PublicConfig, signal }),
    staleTime: Infinity,
  });
}
