import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryKey } from '../api/get-me.ts';
import { CREATOR_CACHE_KEY, FAN_CACHE_KEY } from '../session-cache.ts';

/**
 * Logging in or out in another tab rewrites the cached profiles there; the `storage` event is our
 * cue to ask the server again here, so two tabs never show different people.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== CREATOR_CACHE_KEY && event.key !== FAN_CACHE_KEY) return;
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient]);
}
