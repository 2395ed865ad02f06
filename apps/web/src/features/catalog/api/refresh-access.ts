import type { QueryClient } from '@tanstack/react-query';
import { contentQueryRoot } from './get-content.ts';
import { creatorPageQueryRoot } from './get-creator-page.ts';
import { fanUnlocksQueryRoot } from './get-fan-unlocks.ts';

/**
 * Her purchases (/purchases and her library at `/`): the purchases feature asks under this key,
 * kept here so a payment refreshes them with the rest (purchases builds on catalog, not the reverse).
 */
export const purchasesQueryKey = ['purchases'] as const;

/**
 * After a payment (or the server saying the fan already holds the item), every cached answer
 * about what this fan may see is out of date: the creator page's cards, the content page, the
 * fan's unlocks and her purchases. Pages on screen refetch now; the rest when they are next shown.
 */
export async function refreshAccess(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [creatorPageQueryRoot, contentQueryRoot, fanUnlocksQueryRoot, purchasesQueryKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
