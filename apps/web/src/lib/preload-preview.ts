import { firstCardPreload, type PreloadableCard } from '@kholo/contracts';
import { preload } from 'react-dom';

/**
 * Asks the browser for the first card's blurred preview at high priority, with the srcset and sizes
 * the card itself renders, so the largest paint of a creator's or an item's page is not left to
 * wait for the image to be found in the markup. Called while rendering: on the server React puts
 * the `<link rel="preload">` in the page's head (ADR 027); in the browser it adds it once.
 */
export function preloadFirstPreview(items: readonly PreloadableCard[], sizes?: string): void {
  const first = firstCardPreload(items, sizes);
  if (first === null) return;
  preload(first.href, {
    as: 'image',
    fetchPriority: 'high',
    type: first.type,
    ...(first.imagesrcset === null ? {} : { imageSrcSet: first.imagesrcset }),
    ...(first.imagesizes === null ? {} : { imageSizes: first.imagesizes }),
  });
}
