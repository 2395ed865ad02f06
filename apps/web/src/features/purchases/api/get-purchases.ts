import { purchasesResponse, type PurchasesResponse } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { purchasesQueryKey } from '../../catalog/index.ts';

export { purchasesQueryKey };

/** GET /api/purchases: the signed-in fan's orders that reached a payment, newest first (401 when signed out). */
export function getPurchases(signal?: AbortSignal): Promise<PurchasesResponse> {
  return apiRequest('/api/purchases', signal ? { schema: purchasesResponse, signal } : { schema: purchasesResponse });
}

/**
 * Her purchases, asked for only while someone is signed in. A refund on its way is worth seeing
 * arrive: the page asks again every half minute while one is.
 */
export function usePurchases({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: purchasesQueryKey,
    queryFn: ({ signal }) => getPurchases(signal),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'refunding') ? REFUNDING_POLL_MS : false,
  });
}

export const REFUNDING_POLL_MS = 30_000;
