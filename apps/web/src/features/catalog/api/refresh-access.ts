import type { QueryClient } from '@tanstack/react-query';
import { contentQueryRoot } from './get-content.ts';
import { creatorPageQueryRoot } from './get-creator-page.ts';
import { fanUnlocksQueryRoot } from './get-fan-unlocks.ts';

/**
 * After a payment (or the server saying the fan already holds the item), every cached answer
 * about what this fan may see is out of date: the creator page's cards, the content page and the
 * fan's unlocks. Pages on screen refetch now; the rest when they are next shown.
 */
export async function refreshAccess(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [creatorPageQueryRoot, contentQueryRoot, fanUnlocksQueryRoot].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
