import { HANDLE_MAX, handleFromName } from '@kholo/contracts';

/** Room left at the end of a handle for "-2", "-317" and so on. */
const SUFFIX_ROOM = 6;
const FALLBACK_HANDLE = 'creator';

/**
 * The address a creator's page gets from her name: "Priya Sharma" → "priya-sharma",
 * "Zoë D'Souza" → "zoe-d-souza". A name with no Latin letters or digits (Devanagari, emoji)
 * falls back to "creator", which then takes a number like any other taken handle.
 */
export function handleBaseFromName(name: string): string {
  return handleFromName(name, HANDLE_MAX - SUFFIX_ROOM) || FALLBACK_HANDLE;
}

/** Pages that would look official: a creator named "Kholo Support" gets kholo-support, never these. */
const RESERVED_HANDLES = new Set(['admin', 'administrator', 'kholo', 'support', 'help', 'official', 'team', 'staff']);

export function isReservedHandle(handle: string): boolean {
  return RESERVED_HANDLES.has(handle);
}

/** The base itself when free, else the lowest free base-2, base-3, … */
export function firstFreeHandle(base: string, taken: ReadonlySet<string>): string {
  const free = (handle: string) => !taken.has(handle) && !RESERVED_HANDLES.has(handle);
  if (free(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (free(candidate)) return candidate;
  }
}
