import type { PreviewImage, PreviewImageSource } from '@kholo/contracts';

/**
 * An item's blurred previews in several widths (issue 25): the base preview (`preview_key`, the
 * one every page has always shown) plus copies at other widths and in AVIF, so a phone fetches
 * what its card needs and a 2× screen gets a sharp enough one. Their storage keys are derived
 * from the base key, never stored: `previews/{creatorId}/{id}.webp` has its copies at
 * `previews/{creatorId}/{id}.w320.webp`, `….w800.avif` and so on.
 */

/**
 * Cards are about 330–350 CSS px wide at both 360 px and 1280 px (one column on a phone, three on
 * a laptop), the content page's panel up to about 640: 320 for 1× phones, 480 (the base) for
 * 1.5×, 800 for 2× screens and the content page.
 */
export const PREVIEW_WIDTHS = [320, 480, 800] as const;
/** The base preview's width: what previews were before issue 25, and what a share card starts from. */
export const BASE_PREVIEW_WIDTH = 480;

export type PreviewFormat = 'webp' | 'avif';

/** What `contents.preview_sizes` holds (JSON): the base preview's size and every other copy. */
export interface StoredPreviewSizes {
  /** The base preview (`preview_key`, WebP). */
  w: number;
  h: number;
  /** The other copies: width, height and format; the base WebP is not repeated. */
  v: [number, number, PreviewFormat][];
}

const MIME: Record<PreviewFormat, PreviewImageSource['type']> = { webp: 'image/webp', avif: 'image/avif' };

/** The storage key of one copy of a preview. */
export function previewVariantKey(previewKey: string, width: number, format: PreviewFormat): string {
  return `${previewKey.replace(/\.webp$/, '')}.w${width}.${format}`;
}

/** The base preview key a copy's key was derived from, or null for any other key. */
export function previewBaseKey(key: string): string | null {
  const match = /^(previews\/.+)\.w\d+\.(?:webp|avif)$/.exec(key);
  return match === null ? null : `${match[1]}.webp`;
}

export function parsePreviewSizes(text: string | null): StoredPreviewSizes | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as StoredPreviewSizes;
    return typeof value.w === 'number' && typeof value.h === 'number' && Array.isArray(value.v) ? value : null;
  } catch {
    return null;
  }
}

/** Every key of an item's previews besides the base one (none for items made before issue 25). */
export function previewVariantKeys(previewKey: string, sizesText: string | null): string[] {
  const sizes = parsePreviewSizes(sizesText);
  return sizes === null ? [] : sizes.v.map(([width, , format]) => previewVariantKey(previewKey, width, format));
}

/** The key a preview copy's address names, or null when the item has no such copy. */
export function previewKeyFor(
  previewKey: string,
  sizesText: string | null,
  width: number,
  format: PreviewFormat,
): string | null {
  const sizes = parsePreviewSizes(sizesText);
  if (sizes === null) return null;
  if (format === 'webp' && width === sizes.w) return previewKey;
  return sizes.v.some(([w, , f]) => w === width && f === format) ? previewVariantKey(previewKey, width, format) : null;
}

export function previewMime(format: PreviewFormat): PreviewImageSource['type'] {
  return MIME[format];
}

/**
 * What a card needs for `srcset`: every copy that exists, smallest first per type. An item from
 * before issue 25 has its one preview and no list; its size is worked out from the media's as
 * the preview was made (fit inside 480 × 480 for photos, 480 wide for video frames), or unknown.
 */
export function previewImageOf(
  row: {
    previewSizes: string | null;
    mediaKind: 'image' | 'video';
    mediaWidth: number | null;
    mediaHeight: number | null;
  },
  urls: { base: string; variant: (width: number, format: PreviewFormat) => string },
): PreviewImage {
  const sizes = parsePreviewSizes(row.previewSizes);
  if (sizes === null) {
    const size = legacyPreviewSize(row);
    return { url: urls.base, width: size?.width ?? null, height: size?.height ?? null, srcset: [] };
  }
  const sources: PreviewImageSource[] = [
    { url: urls.base, width: sizes.w, type: 'image/webp' },
    ...sizes.v.map(([width, , format]) => ({ url: urls.variant(width, format), width, type: MIME[format] })),
  ];
  sources.sort((a, b) => (a.type === b.type ? a.width - b.width : a.type < b.type ? -1 : 1));
  return { url: urls.base, width: sizes.w, height: sizes.h, srcset: sources };
}

function legacyPreviewSize(row: {
  mediaKind: 'image' | 'video';
  mediaWidth: number | null;
  mediaHeight: number | null;
}): { width: number; height: number } | null {
  const { mediaWidth: width, mediaHeight: height } = row;
  if (width === null || height === null || width <= 0 || height <= 0) return null;
  const scale =
    row.mediaKind === 'image'
      ? Math.min(1, BASE_PREVIEW_WIDTH / Math.max(width, height))
      : Math.min(1, BASE_PREVIEW_WIDTH / width);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
