import { SHARE_SOURCE_PARAM, type VisitBeacon } from '@kholo/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Tells the server a creator's page or item was opened inside the app, with no page load for the
 * server to count (a tap from her page to an item). The page a visit begins on came from the
 * server, which counted it: its first render here says nothing (ADR 028). Fire and forget: a
 * visit not counted never bothers the fan.
 */
export function useVisitBeacon(target: { creatorId: string; contentId?: string } | null): void {
  const location = useLocation();
  const creatorId = target?.creatorId;
  const contentId = target?.contentId;
  useEffect(() => {
    if (creatorId === undefined) return;
    if (location.key === 'default' && document.getElementById('root')?.hasAttribute('data-server-rendered') === true) {
      return;
    }
    const beacon: VisitBeacon = {
      creatorId,
      contentId: contentId ?? null,
      src: new URLSearchParams(location.search).get(SHARE_SOURCE_PARAM)?.slice(0, 16) ?? null,
      // The page load that began the visit: where the fan came from.
      referrer: document.referrer.slice(0, 2048) || null,
    };
    void fetch('/api/visits', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(beacon),
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
  }, [creatorId, contentId, location.key, location.search]);
}
