import fsp from 'node:fs/promises';
import { readBoxHeader } from './mp4-structure.js';

/** The `meta` box of a phone's HEIC is a few kB; more than this is not a photo's header. */
const MAX_META_BYTES = 1024 * 1024;
const MAX_TOP_LEVEL_BOXES = 64;
const MAX_NESTED_BOXES = 10_000;

/**
 * The largest image size a HEIF file declares (`ispe` properties in `meta/iprp/ipco`), read
 * without decoding anything: a phone's photo is a grid of 512 px tiles whose grid item declares
 * the whole picture, so the largest declared size is the picture's. Null when the header does not
 * say; then the decoder's own count is checked before it decodes (media-processing.ts).
 */
export async function heifDeclaredSize(
  file: string,
  sizeBytes: number,
): Promise<{ width: number; height: number } | null> {
  const handle = await fsp.open(file, 'r');
  try {
    const header = Buffer.alloc(16);
    let offset = 0;
    for (let index = 0; index < MAX_TOP_LEVEL_BOXES && offset < sizeBytes; index += 1) {
      const box = await readBoxHeader(handle, header, offset, sizeBytes);
      if (box === null) return null;
      if (box.type === 'meta') {
        const length = Math.min(box.size, MAX_META_BYTES);
        const meta = Buffer.alloc(length);
        await handle.read(meta, 0, length, offset);
        return largestExtent(meta);
      }
      offset += box.size;
    }
    return null;
  } finally {
    await handle.close();
  }
}

/** Boxes holding other boxes on the way to `ispe`; `meta` is a full box (4 bytes of version and flags first). */
const CONTAINERS: Record<string, number> = { meta: 4, iprp: 0, ipco: 0 };

function largestExtent(meta: Buffer): { width: number; height: number } | null {
  let best: { width: number; height: number } | null = null;
  let visited = 0;
  const walk = (start: number, end: number, type: string): void => {
    let offset = start;
    while (offset + 8 <= end && visited < MAX_NESTED_BOXES) {
      visited += 1;
      const size = meta.readUInt32BE(offset);
      const childType = meta.toString('latin1', offset + 4, offset + 8);
      if (size !== 0 && size < 8) return;
      // A header cut at MAX_META_BYTES still gives the sizes it holds.
      const boxEnd = size === 0 ? end : Math.min(offset + size, end);
      if (childType === 'ispe' && offset + 20 <= boxEnd) {
        const width = meta.readUInt32BE(offset + 12);
        const height = meta.readUInt32BE(offset + 16);
        if (best === null || width * height > best.width * best.height) best = { width, height };
      } else if (childType in CONTAINERS && type !== 'ipco') {
        walk(offset + 8 + (CONTAINERS[childType] ?? 0), boxEnd, childType);
      }
      offset = boxEnd;
    }
  };
  walk(0, meta.length, '');
  return best;
}
