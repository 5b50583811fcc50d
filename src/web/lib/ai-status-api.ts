import { useQuery } from '@tanstack/react-query';
import { AiStatusResponse } from '../../contracts/ai.js';
import { apiRequest } from './api-client.js';

/** How often the status is asked for while a model is on its way, and otherwise. */
export const AI_STATUS_POLL_MS = { busy: 2_000, idle: 30_000 } as const;

export const aiStatusKey = ['ai', 'status'] as const;

/** GET /api/ai/status: whether AI answers now, a download's progress, or what to do. */
export function fetchAiStatus(signal?: AbortSignal): Promise<AiStatusResponse> {
  return apiRequest('/api/ai/status', { schema: AiStatusResponse, signal });
}

function isBusy(status: AiStatusResponse | undefined): boolean {
  return status?.state === 'downloading' || status?.state === 'loading';
}

/**
 * The AI status for signed-in people: every 2 s while the model downloads or loads, every 30 s
 * otherwise, not at all while the tab is hidden (and at once when it shows again).
 */
export function useAiStatus(enabled: boolean) {
  return useQuery({
    queryKey: aiStatusKey,
    queryFn: ({ signal }) => fetchAiStatus(signal),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (isBusy(query.state.data) ? AI_STATUS_POLL_MS.busy : AI_STATUS_POLL_MS.idle),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}
