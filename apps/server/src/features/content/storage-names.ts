import { randomBytes } from 'node:crypto';

/** A name safe in a storage key: a–z, 0–9 and dashes from whatever the browser sent, plus a random tail. */
export function storageFileName(uploadedName: string, extension: string): string {
  // Only the last path segment counts: "../../etc/passwd" and "C:\\evil\\x.jpg" are just names.
  const base = uploadedName.replace(/\\/g, '/').split('/').pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${stem === '' ? 'upload' : stem}-${randomBytes(4).toString('hex')}.${extension}`;
}

/** The name a download is saved under: the item's title (Hindi included), minus what file systems forbid. */
export function downloadFileName(title: string, extension: string): string {
  const cleaned = title
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    // No hidden file ("..x"), even when a space separates the dots: "../x" became ".. x" above.
    .replace(/^[.\s]+/, '')
    .trimEnd();
  return `${cleaned === '' ? 'kholo-download' : cleaned}.${extension}`;
}
