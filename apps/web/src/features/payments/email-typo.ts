/*
 * "Did you mean …@gmail.com?" before a visitor's email is used for her code and receipt: a code
 * sent to gmial.com never arrives, and she has no password to fall back on (ADR 022).
 */

/** The addresses most fans here use, and the only ones a typo is corrected towards. */
const POPULAR_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'yahoo.co.in',
  'yahoo.in',
  'ymail.com',
  'rediffmail.com',
  'hotmail.com',
  'outlook.com',
  'outlook.in',
  'live.com',
  'icloud.com',
] as const;

/** Real providers one letter away from a popular one: never "corrected". */
const OTHER_REAL_DOMAINS = new Set(['mail.com', 'email.com', 'gmx.com', 'me.com', 'mac.com', 'msn.com', 'aol.com']);

/** Misspellings too far from their provider for the distance rule. */
const KNOWN_MISSPELLINGS: Record<string, string> = {
  'rediff.com': 'rediffmail.com',
  'rediffmail.co': 'rediffmail.com',
  'redifmail.co': 'rediffmail.com',
  'gmail.co.in': 'gmail.com',
  'gmail.in': 'gmail.com',
  'hotmail.in': 'hotmail.com',
};

/** Edits (insert, delete, replace, or swap two neighbours) that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  const width = b.length + 1;
  const table = new Array<number>((a.length + 1) * width).fill(0);
  const at = (i: number, j: number) => table[i * width + j] ?? 0;
  for (let i = 0; i <= a.length; i++) {
    for (let j = 0; j <= b.length; j++) {
      let best: number;
      if (i === 0 || j === 0) {
        best = i + j;
      } else {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
          best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      table[i * width + j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The address she probably meant, or null when it looks right (or is too unlike any popular
 * provider to guess). `meera@gmial.com` → `meera@gmail.com`.
 */
export function suggestEmailFix(email: string): string | null {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 1 || at === trimmed.length - 1) return null;
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1).toLowerCase();
  if ((POPULAR_DOMAINS as readonly string[]).includes(domain) || OTHER_REAL_DOMAINS.has(domain)) return null;

  const known = KNOWN_MISSPELLINGS[domain];
  if (known) return `${local}@${known}`;

  let best: { domain: string; distance: number } | null = null;
  for (const candidate of POPULAR_DOMAINS) {
    const distance = editDistance(domain, candidate);
    if (best === null || distance < best.distance) best = { domain: candidate, distance };
  }
  // Two slips in a name this short could be a different real address; one or two in a longer one is a typo.
  if (best === null || best.distance > 2 || (best.distance === 2 && domain.length < 8)) return null;
  return `${local}@${best.domain}`;
}
