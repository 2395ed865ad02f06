import { CONTENT_MESSAGES, IMAGE_TYPES, type MediaKind, VIDEO_TYPES } from '@kholo/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/app-error.js';

export interface MediaType {
  kind: MediaKind;
  mime: string;
  /** The extension stored files get, whatever the uploaded name said. */
  extension: string;
}

/** Enough of the file's start for every format we accept (file-type reads at most 4100 bytes). */
export const SNIFF_BYTES = 4100;

/** Phone formats accepted and converted before they are stored (ADR 010): HEIC to JPEG, MOV to MP4. */
export const HEIF_TYPES = ['image/heic', 'image/heif'] as const;
export const QUICKTIME = 'video/quicktime';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/ogg': 'ogv',
  'video/quicktime': 'mov',
};

export function extensionFor(mime: string): string {
  return EXTENSIONS[mime] ?? 'bin';
}

export function isHeif(mime: string): boolean {
  return (HEIF_TYPES as readonly string[]).includes(mime);
}

/**
 * HEIF brands (ISO/IEC 23008-12) that promise a still image, the kind a phone camera writes:
 * `heic`/`heix` (HEVC), `heim`/`heis` (multi-layer and scalable HEVC), `mif1` (any coding).
 * `hevc`, `hevx`, `hevm`, `hevs` and `msf1` promise an image *sequence* (a burst, an animation)
 * and count only when the file also lists a still brand among its compatible ones. AVIF (`avif`,
 * `avis`, or `mif1` listing `avif`) is not HEIC: it keeps file-type's answer.
 */
const HEIF_STILL_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1']);
const HEIF_SEQUENCE_BRANDS = new Set(['hevc', 'hevx', 'hevm', 'hevs', 'msf1']);
const HEVC_STILL_BRANDS = new Set(['heic', 'heix', 'heim', 'heis']);

/** The `ftyp` box at byte 0: its major brand and compatible brands; null when there is none. */
export function ftypBrands(head: Uint8Array): { major: string; compatible: string[] } | null {
  if (head.length < 16) return null;
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.length);
  if (bytes.toString('latin1', 4, 8) !== 'ftyp') return null;
  const size = bytes.readUInt32BE(0);
  if (size < 16 || size % 4 !== 0) return null;
  const end = Math.min(size, bytes.length);
  const compatible: string[] = [];
  for (let offset = 16; offset + 4 <= end; offset += 4) compatible.push(bytes.toString('latin1', offset, offset + 4));
  return { major: bytes.toString('latin1', 8, 12), compatible };
}

/** A HEIF still image by its brands: 'image/heic' when HEVC-coded, 'image/heif' otherwise; else null. */
export function heifType(head: Uint8Array): (typeof HEIF_TYPES)[number] | 'sequence' | null {
  const brands = ftypBrands(head);
  if (brands === null) return null;
  const all = [brands.major, ...brands.compatible];
  if (all.includes('avif') || all.includes('avis')) return null;
  const still = HEIF_STILL_BRANDS.has(brands.major)
    ? brands.major
    : HEIF_SEQUENCE_BRANDS.has(brands.major)
      ? brands.compatible.find((brand) => HEIF_STILL_BRANDS.has(brand))
      : undefined;
  if (still === undefined) return HEIF_SEQUENCE_BRANDS.has(brands.major) ? 'sequence' : null;
  return all.some((brand) => HEVC_STILL_BRANDS.has(brand)) ? 'image/heic' : 'image/heif';
}

/**
 * The file's type from its first bytes (magic numbers), never from its name or the browser's
 * Content-Type: an HTML page or an SVG named photo.jpg is text, so it is refused here.
 */
export async function detectMediaType(head: Uint8Array, accept: readonly MediaKind[]): Promise<MediaType> {
  const heif = heifType(head);
  if (heif === 'sequence') throw new AppError('UNSUPPORTED_MEDIA_TYPE', refusalMessage('image/heif-sequence', accept));
  const detected = heif === null ? await fileTypeFromBuffer(head) : { mime: heif };
  // file-type calls any `ftyp` with a HEIF brand HEIC, a fake box or an AVIF under `mif1` too:
  // only what heifType accepted is one.
  const mime =
    heif === null && isHeif(detected?.mime ?? '')
      ? ftypBrands(head)?.compatible.includes('avif') === true
        ? 'image/avif'
        : ''
      : (detected?.mime ?? '');
  const kind: MediaKind | null =
    (IMAGE_TYPES as readonly string[]).includes(mime) || isHeif(mime)
      ? 'image'
      : (VIDEO_TYPES as readonly string[]).includes(mime) || mime === QUICKTIME
        ? 'video'
        : null;
  if (kind !== null && accept.includes(kind)) return { kind, mime, extension: extensionFor(mime) };
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', refusalMessage(mime, accept));
}

function refusalMessage(mime: string, accept: readonly MediaKind[]): string {
  // A real photo in a format we cannot show deserves more than the generic line.
  if (mime === 'image/heif-sequence') {
    return 'This HEIF file holds a burst or an animation, not one photo. Please upload a single photo.';
  }
  if (!accept.includes('video')) return CONTENT_MESSAGES.onlyImages;
  if (mime.startsWith('image/'))
    return 'This image format is not supported. Please upload a JPEG, PNG, WebP, GIF or HEIC.';
  if (mime.startsWith('video/'))
    return 'This video format is not supported. Please upload an MP4, MOV, WebM or Ogg video.';
  return CONTENT_MESSAGES.onlyImageOrVideo;
}
