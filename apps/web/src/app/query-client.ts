import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../features/accounts/api/get-me.ts';
import { ApiError } from '../lib/api-error.ts';

/** A client error (4xx) will not fix itself, so only network and server failures are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  // Any call answered UNAUTHENTICATED means the session ended (expired, or logged out in another
  // tab): ask /api/me again, so every screen that depends on the session updates at once.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
      void client.invalidateQueries({ queryKey: meQueryKey });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry },
      // A retried POST could act twice; mutations are retried by the person, not the client.
      mutations: { retry: false },
    },
  });
  return client;
}
