import type { ContentCard } from '@kholo/contracts';
import { useCallback, useSyncExternalStore } from 'react';

/*
 * DESIGN §7: an 18+ item is mature, never sexual, and still nobody sees even its blurred preview
 * before saying they are 18 or older. One answer covers the whole tab until it closes
 * (sessionStorage), so every adult item on the page shows at once.
 */

export const AGE_CONFIRMED_KEY = 'kholo.age-confirmed';

const listeners = new Set<() => void>();
// Without storage (some private modes) the answer lasts as long as the page.
let confirmedInMemory = false;

function read(): boolean {
  try {
    return confirmedInMemory || sessionStorage.getItem(AGE_CONFIRMED_KEY) === 'true';
  } catch {
    return confirmedInMemory;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function confirmAdultAge(): void {
  confirmedInMemory = true;
  try {
    sessionStorage.setItem(AGE_CONFIRMED_KEY, 'true');
  } catch {
    // Kept in memory only.
  }
  for (const listener of listeners) listener();
}

/** Forgets the answer (tests, and a logout may want it later). */
export function resetAdultAgeConfirmation(): void {
  confirmedInMemory = false;
  try {
    sessionStorage.removeItem(AGE_CONFIRMED_KEY);
  } catch {
    // Nothing stored.
  }
  for (const listener of listeners) listener();
}

/** Whether this tab has confirmed 18+, and the function that confirms it. */
export function useAgeConfirmation() {
  const confirmed = useSyncExternalStore(subscribe, read, () => false);
  const confirm = useCallback(() => {
    confirmAdultAge();
  }, []);
  return { confirmed, confirm };
}

/**
 * Whether an item's picture must wait for the 18+ answer: only while the item is locked. A buyer
 * who holds it is never asked again to see what she paid for (issue 23; the unlock dialog asks
 * before paying), and the creator's own items and the admin's review are never hidden from them.
 */
export function needsAgeGate(item: Pick<ContentCard, 'isAdultContent' | 'access'>, confirmed: boolean): boolean {
  return item.isAdultContent && !confirmed && item.access.kind === 'locked';
}
