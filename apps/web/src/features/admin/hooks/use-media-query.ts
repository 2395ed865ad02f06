import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, following it live. Without matchMedia (an old browser, a
 * test without a stub) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => {
        media.removeEventListener('change', onChange);
      };
    },
    [query],
  );
  const getSnapshot = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback);
  return useSyncExternalStore(subscribe, getSnapshot, () => fallback);
}

/** Tailwind's `md`: from here up the admin panel shows tables, below it cards. */
export const WIDE_SCREEN_QUERY = '(min-width: 768px)';
