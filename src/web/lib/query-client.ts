import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.js';

/** One retry for flaky networks or 5xx; 4xx answers are final, retrying cannot fix them. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The app's query client; tests build their own with retries off. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
