import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TicketKind } from '@kholo/contracts';

// Crockford's base 32 without I, L, O and U: a number read aloud over the phone is not misheard.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PREFIX: Record<TicketKind, string> = { report: 'R', grievance: 'G', review_request: 'A' };

/**
 * R-7K2Q-M9XA: a report, G- a grievance, A- an appeal (review request). Random rather than
 * counted, so a number tells nobody how many reports Kholo gets; 40 bits make a clash
 * (refused by the unique index) too rare to plan for.
 */
export function newTicketNumber(kind: TicketKind): string {
  const bytes = randomBytes(8);
  let code = '';
  for (const byte of bytes) code += ALPHABET.charAt(byte & 31);
  return `${PREFIX[kind]}-${code.slice(0, 4)}-${code.slice(4)}`;
}

/** A ticket number as people type it: any case, spaces or no dashes. */
export function normaliseTicketNumber(value: string): string {
  const compact = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return compact.length === 9
    ? `${compact.slice(0, 1)}-${compact.slice(1, 5)}-${compact.slice(5)}`
    : value.toUpperCase();
}

/** The reporter's key to add details later; only its hash is stored. */
export function newAmendToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function amendTokenMatches(token: string, hash: string | null): boolean {
  if (hash === null) return false;
  const given = Buffer.from(hashToken(token));
  const stored = Buffer.from(hash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
