import { HANDLE_MAX, HANDLE_PATTERN } from '@kholo/contracts';

/**
 * The handle "Start selling on Kholo?" proposes from her name, as creator sign-up makes one on the
 * server: "Priya Sharma" → "priya-sharma", "Zoë D'Souza" → "zoe-d-souza". Empty when the name has
 * no Latin letters or digits to build one from: she then types her own rather than take a
 * made-up one. Only a proposal: the field checks it with the server like anything she types.
 */
export function suggestHandle(name: string): string {
  const handle = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, HANDLE_MAX)
    .replace(/^-+|-+$/g, '');
  return HANDLE_PATTERN.test(handle) ? handle : '';
}
