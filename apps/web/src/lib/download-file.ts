import { CONTENT_MESSAGES } from '@kholo/contracts';
import { toast } from '../components/ui/toast.tsx';

/*
 * SPEC §6 and §8: "Download" fetches the file itself instead of following a link, so a refused
 * or failed download becomes one of the spec's toasts rather than an error page or a silently
 * saved HTML file. The file then reaches the person through an object URL and <a download>.
 */

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/ogg': 'ogv',
};

/** The name the server suggests in Content-Disposition (RFC 6266), if any. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? name : null;
}

/** A safe file name from a title: "Sunset at Marine Drive!" → "sunset-at-marine-drive.jpg". */
export function fileNameFromTitle(title: string, mime: string): string {
  const base =
    title
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'kholo-download';
  const extension = EXTENSIONS[mime.split(';')[0]?.trim() ?? ''];
  return extension ? `${base}.${extension}` : base;
}

export interface DownloadSource {
  /** Null when the item has no media the viewer may have (the button then only explains). */
  url: string | null | undefined;
  /** Used for the file name when the server suggests none. */
  title: string;
  mime?: string | undefined;
}

/**
 * Downloads `url` as a file. Shows the spec's toast and resolves false when it cannot:
 * no media, a non-OK answer ('Download failed'), or a network or browser failure
 * ('Unable to download the file').
 */
export async function downloadFile({ url, title, mime = '' }: DownloadSource): Promise<boolean> {
  if (!url) {
    toast.error(CONTENT_MESSAGES.noMediaToDownload);
    return false;
  }
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) {
      toast.error(CONTENT_MESSAGES.downloadFailed);
      return false;
    }
    const blob = await response.blob();
    const name =
      fileNameFromDisposition(response.headers.get('content-disposition')) ??
      fileNameFromTitle(title, blob.type || mime);
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = name;
    link.rel = 'noopener';
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    // The click starts the save synchronously in every browser, but some still read the URL a
    // moment later; a minute is generous and the blob is freed either way.
    setTimeout(() => {
      URL.revokeObjectURL(objectUrl);
    }, 60_000);
    return true;
  } catch {
    toast.error(CONTENT_MESSAGES.unableToDownload);
    return false;
  }
}
