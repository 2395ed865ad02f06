import { hideRefundPreview, type HideRefundPreview } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_OPTIONS, adminQueryKeys } from './admin-query-keys.ts';

/** GET /api/admin/contents/refund-preview?id=: how many fans hiding the item would refund, and how much. */
export function getHideRefundPreview(contentId: string, signal?: AbortSignal): Promise<HideRefundPreview> {
  const path = `/api/admin/contents/refund-preview?id=${encodeURIComponent(contentId)}`;
  return apiRequest(path, signal ? { schema: hideRefundPreview, signal } : { schema: hideRefundPreview });
}

export function useHideRefundPreview(contentId: string) {
  return useQuery({
    queryKey: adminQueryKeys.refundPreview(contentId),
    queryFn: ({ signal }) => getHideRefundPreview(contentId, signal),
    ...ADMIN_QUERY_OPTIONS,
  });
}
