/** Handle rules with no zod in them: the pattern, the length, and the handle a name suggests. */

/** Handles in /u/{handle}: lowercase a–z, 0–9 and single dashes. */
export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const HANDLE_MAX = 40;

/**
 * The handle a name makes: "Priya Sharma" → "priya-sharma", "Zoë D'Souza" → "zoe-d-souza", at
 * most `maxLength` characters and never ending in a dash. Empty when the name has no Latin letters
 * or digits (Devanagari, emoji): the server then falls back to "creator" at sign-up, and "Start
 * selling on Kholo?" lets her type her own.
 */
export function handleFromName(name: string, maxLength = HANDLE_MAX): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}
