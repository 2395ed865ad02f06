import { ANALYTICS_RANGES, studioAnalytics, type AnalyticsRange, type StudioAnalytics } from '@kholo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The period the Analytics tab opens on (the server's default too). */
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;

/** Where she downloads her sales for her records (SALES_CSV_COLUMNS). */
export const SALES_CSV_URL = '/api/studio/sales.csv';

export function analyticsQueryKey(days: AnalyticsRange) {
  return ['studio', 'analytics', days] as const;
}

/** `?days=` as the URL gives it, or the default when it is missing or not one of the ranges. */
export function parseAnalyticsRange(value: string | null): AnalyticsRange {
  const days = Number(value);
  return ANALYTICS_RANGES.find((range) => range === days) ?? DEFAULT_ANALYTICS_RANGE;
}

/** GET /api/studio/analytics?days=: visits, unlocks, earnings and where visits came from, per India day. */
export function getAnalytics(days: AnalyticsRange, signal?: AbortSignal): Promise<StudioAnalytics> {
  const path = `/api/studio/analytics?days=${String(days)}`;
  return apiRequest(path, signal ? { schema: studioAnalytics, signal } : { schema: studioAnalytics });
}

/** While another period loads, the last one stays on screen (marked busy) instead of a skeleton. */
export function useAnalytics(days: AnalyticsRange) {
  return useQuery({
    queryKey: analyticsQueryKey(days),
    queryFn: ({ signal }) => getAnalytics(days, signal),
    placeholderData: keepPreviousData,
  });
}
