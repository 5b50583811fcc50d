import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AuditLog, ReportQueue } from '../../../contracts/moderation.js';
import { apiRequest } from '../../lib/api-client.js';

const MODERATION_KEY = ['moderation'] as const;
const Done = z.object({ ok: z.literal(true) });

/** GET /api/moderation/reports: the open reports, the most reported first. */
export function useReportQueue() {
  return useQuery({
    queryKey: [...MODERATION_KEY, 'reports'],
    queryFn: ({ signal }) => apiRequest('/api/moderation/reports', { schema: ReportQueue, signal }),
  });
}

/** GET /api/moderation/audit: every moderator action, the latest first. */
export function useAuditLog() {
  return useQuery({
    queryKey: [...MODERATION_KEY, 'audit'],
    queryFn: ({ signal }) => apiRequest('/api/moderation/audit', { schema: AuditLog, signal }),
  });
}

/** One moderator action: where it goes and its body (a reason, and days for a suspension). */
export interface ModeratorAction {
  path: string;
  body: { reason: string; days?: number | null; rating?: 'general' | 'mature' };
}

/** Any moderator action; the queue and the log are read again after it. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: ModeratorAction) => apiRequest(path, { method: 'POST', body, schema: Done }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: MODERATION_KEY }),
  });
}
