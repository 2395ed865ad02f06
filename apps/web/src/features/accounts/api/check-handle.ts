import { handleAvailability, type HandleAvailability } from '@kholo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /api/studio/handle-availability?handle=…: whether another creator already has it. Any
 * signed-in account may ask: a creator changing hers in the Profile tab, and an account choosing
 * the handle of the page she is about to open ("Start selling on Kholo?").
 */
export function checkHandle(handle: string, signal?: AbortSignal): Promise<HandleAvailability> {
  const path = `/api/studio/handle-availability?handle=${encodeURIComponent(handle)}`;
  return apiRequest(path, signal ? { schema: handleAvailability, signal } : { schema: handleAvailability });
}

/** How long typing must pause before a handle is checked (the Profile tab and "Start selling?"). */
export const HANDLE_CHECK_DELAY_MS = 400;

/** Asks about `handle` (already debounced and checked for form by the caller); idle while it is null. */
export function useHandleAvailability(handle: string | null) {
  return useQuery({
    queryKey: ['accounts', 'handle-availability', handle],
    queryFn: ({ signal }) => checkHandle(handle ?? '', signal),
    enabled: handle !== null,
    // Someone else may take it meanwhile; saving it answers HANDLE_TAKEN in that case anyway.
    staleTime: 10_000,
  });
}
