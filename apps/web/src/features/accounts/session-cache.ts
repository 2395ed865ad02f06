import type { CreatorProfile, FanProfile, Me } from '@kholo/contracts';

/*
 * SPEC §3: the logged-in creator and fan are cached in local storage under separate keys.
 * The cache never decides access: GET /api/me does. It is written from every answer the server
 * gives about the session and read only to pick a loading placeholder before that answer arrives.
 */

/** The query key of GET /api/me (here, so the first-load script can name it without the query library). */
export const meQueryKey = ['me'] as const;

export const CREATOR_CACHE_KEY = 'kholo.creator';
export const FAN_CACHE_KEY = 'kholo.fan';

function write(key: string, value: CreatorProfile | FanProfile | null): void {
  try {
    if (value) localStorage.setItem(key, JSON.stringify(value));
    else localStorage.removeItem(key);
  } catch {
    // Storage can be full or disabled (private mode); the session still works without the cache.
  }
}

/** Mirrors the server's answer: a profile is stored when present and removed when null. */
export function syncSessionCache(me: Me): void {
  write(CREATOR_CACHE_KEY, me.creator);
  write(FAN_CACHE_KEY, me.fan);
}

function has(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/**
 * A server-rendered page's own answer about the session (ADR 027), mirrored like any other, so a
 * page the app has not started on yet does not leave a stale profile in storage.
 */
export function syncSessionCacheFromPage(queries: readonly { key: readonly unknown[]; data?: unknown }[]): void {
  const me = queries.find((query) => query.key.length === 1 && query.key[0] === meQueryKey[0])?.data;
  if (typeof me === 'object' && me !== null && 'creator' in me && 'fan' in me) syncSessionCache(me as Me);
}

/** Whether this browser last saw a creator signed in: only a hint for what to show while /api/me loads. */
export function hasCachedCreator(): boolean {
  return has(CREATOR_CACHE_KEY);
}

/** Whether this browser last saw anyone signed in (creator or fan). */
export function hasCachedSession(): boolean {
  return has(CREATOR_CACHE_KEY) || has(FAN_CACHE_KEY);
}
