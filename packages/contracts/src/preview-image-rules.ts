/**
 * A card's blurred preview in several widths (issue 25), with no zod in it: the web's cards and
 * the server's HTML (its `<link rel="preload">` of the first card's image) say the same `srcset`
 * and `sizes` from here, so the preloaded file is the one the card then shows.
 */

export interface PreviewImageSource {
  url: string;
  /** Intrinsic width in px, for the `w` descriptor. */
  width: number;
  type: 'image/webp' | 'image/avif';
}

/** The blurred preview of an item, as `<img>`/`<picture>` needs it. */
export interface PreviewImage {
  /** The base preview (WebP, about 480 px): `src`, and all an item from before issue 25 has. */
  url: string;
  /** Intrinsic size of `url`, so the page reserves its box (no layout shift); null if unknown. */
  width: number | null;
  height: number | null;
  /** Every copy that exists, smallest first per type; empty for items from before issue 25. */
  srcset: PreviewImageSource[];
}

/**
 * How wide a creator page's card is drawn (creator-page.tsx's grid in max-w-6xl): three columns
 * from 1024 px, two from 640 px, one on a phone, less the page's padding and the gaps.
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 1152px) 347px, (min-width: 1024px) calc(33vw - 37px), (min-width: 640px) calc(50vw - 34px), calc(100vw - 32px)';

/** The content page's picture panel: 3/5 of the page from 1024 px, the page's width below. */
export const PAGE_IMAGE_SIZES = '(min-width: 1152px) 640px, (min-width: 1024px) 56vw, calc(100vw - 32px)';

/** `srcset` text for one type, or null when the item has no copy of that type. */
export function previewSrcset(preview: PreviewImage, type: PreviewImageSource['type']): string | null {
  const sources = preview.srcset.filter((source) => source.type === type);
  return sources.length === 0 ? null : sources.map((source) => `${source.url} ${source.width}w`).join(', ');
}

/** What a card's `<picture>` renders: AVIF first when there is one, then WebP on the `<img>`. */
export function previewPicture(preview: PreviewImage): { avifSrcset: string | null; webpSrcset: string | null } {
  return { avifSrcset: previewSrcset(preview, 'image/avif'), webpSrcset: previewSrcset(preview, 'image/webp') };
}

export interface PreviewPreload {
  /** `href`: the base preview, for browsers without `imagesrcset`. */
  href: string;
  imagesrcset: string | null;
  imagesizes: string | null;
  /** `type` on the link, so a browser without AVIF skips a preload it would not use. */
  type: PreviewImageSource['type'];
}

/** The item fields the preload decision reads (a ContentCard has them all). */
export interface PreloadableCard {
  previewUrl: string;
  preview?: PreviewImage | undefined;
  isAdultContent: boolean;
  access: { kind: string };
}

/**
 * The `<link rel="preload" as="image" fetchpriority="high">` for a creator page's first card, as
 * a visitor (no age confirmed, nothing unlocked) sees it: the first card's blurred preview with
 * the same `srcset` and `sizes` the card renders. Null when the first card shows no preview (an
 * 18+ item sits behind its age gate; an unlocked one shows the media) or there is none.
 * Pass PAGE_IMAGE_SIZES for the content page's single picture.
 */
export function firstCardPreload(
  items: readonly PreloadableCard[],
  sizes: string = CARD_IMAGE_SIZES,
): PreviewPreload | null {
  const first = items[0];
  if (first === undefined || first.isAdultContent || first.access.kind !== 'locked') return null;
  const preview = first.preview ?? { url: first.previewUrl, width: null, height: null, srcset: [] };
  const { avifSrcset, webpSrcset } = previewPicture(preview);
  if (avifSrcset !== null) return { href: preview.url, imagesrcset: avifSrcset, imagesizes: sizes, type: 'image/avif' };
  if (webpSrcset !== null) return { href: preview.url, imagesrcset: webpSrcset, imagesizes: sizes, type: 'image/webp' };
  return { href: preview.url, imagesrcset: null, imagesizes: null, type: 'image/webp' };
}
