import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { apiErrorFrom } from '../lib/api-client.ts';

/**
 * One API answer the server read for this page and viewer (ADR 027), under the query key the page
 * asks it by: the answer's JSON, or the error response's status and body.
 */
export type PageQuery = { key: QueryKey; data: unknown } | { key: QueryKey; status: number; errorBody: string };

/**
 * Puts the server's answers in the query cache, the same way on the server before rendering and in
 * the browser before hydrating, so both render the same page and hydration asks nothing again.
 * An error stays an error on mount (no retry): the page shows what the server showed, and asks
 * again only when its own retry button does.
 */
export function seedQueries(queryClient: QueryClient, queries: readonly PageQuery[]): void {
  for (const query of queries) {
    if ('data' in query) {
      queryClient.setQueryData(query.key, query.data);
      continue;
    }
    queryClient.setQueryDefaults(query.key, { retryOnMount: false });
    queryClient
      .getQueryCache()
      .build(queryClient, { queryKey: query.key })
      .setState({ status: 'error', error: apiErrorFrom(query.status, query.errorBody), errorUpdatedAt: Date.now() });
  }
}
