import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error.ts';

/** A client error (4xx) will not fix itself, so only network and server failures are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry },
      // A retried POST could act twice; mutations are retried by the person, not the client.
      mutations: { retry: false },
    },
  });
}
