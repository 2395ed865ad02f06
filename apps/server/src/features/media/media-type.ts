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

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/ogg': 'ogv',
};

export function extensionFor(mime: string): string {
  return EXTENSIONS[mime] ?? 'bin';
}

/**
 * The file's type from its first bytes (magic numbers), never from its name or the browser's
 * Content-Type: an HTML page or an SVG named photo.jpg is text, so it is refused here.
 */
export async function detectMediaType(head: Uint8Array, accept: readonly MediaKind[]): Promise<MediaType> {
  const detected = await fileTypeFromBuffer(head);
  const mime = detected?.mime ?? '';
  const kind: MediaKind | null = (IMAGE_TYPES as readonly string[]).includes(mime)
    ? 'image'
    : (VIDEO_TYPES as readonly string[]).includes(mime)
      ? 'video'
      : null;
  if (kind !== null && accept.includes(kind)) return { kind, mime, extension: extensionFor(mime) };
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', refusalMessage(mime, accept));
}

function refusalMessage(mime: string, accept: readonly MediaKind[]): string {
  if (!accept.includes('video')) return CONTENT_MESSAGES.onlyImages;
  // A real photo or video in a format we cannot show deserves more than the generic line.
  if (mime === 'image/heic' || mime === 'image/heif') {
    return 'HEIC photos are not supported yet. Please upload a JPEG, PNG, WebP or GIF (on iPhone: Settings › Camera › Formats › Most Compatible).';
  }
  if (mime === 'video/quicktime') return 'MOV videos are not supported. Please upload an MP4, WebM or Ogg video.';
  if (mime.startsWith('image/')) return 'This image format is not supported. Please upload a JPEG, PNG, WebP or GIF.';
  if (mime.startsWith('video/')) return 'This video format is not supported. Please upload an MP4, WebM or Ogg video.';
  return CONTENT_MESSAGES.onlyImageOrVideo;
}
