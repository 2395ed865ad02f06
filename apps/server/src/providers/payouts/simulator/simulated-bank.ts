import { createHash } from 'node:crypto';

/** UPI handles the simulator's "banks" answer for; any other handle has no accounts (a typo). */
const KNOWN_HANDLES = new Set([
  'apl',
  'axisbank',
  'axl',
  'ibl',
  'icici',
  'kotak',
  'okaxis',
  'okhdfcbank',
  'okicici',
  'oksbi',
  'paytm',
  'pthdfc',
  'ptsbi',
  'sbi',
  'upi',
  'ybl',
  'yesbank',
]);

/** Names for UPI IDs whose local part is a phone number: chosen by the number, so always the same. */
const NAMES_FOR_NUMBERS = ['ASHA RAO', 'PRIYA SHARMA', 'RAHUL VERMA', 'KAVYA MENON', 'ARJUN NAIR', 'MEERA IYER'];

/**
 * Who the simulated bank says holds a UPI ID: `asha.rao@okaxis` is ASHA RAO; a phone number gets a
 * name picked by the number; `invalid@…` is not a UPI ID; `unknown@…` and unknown handles have no
 * account. Deterministic, so tests and demos can rely on it.
 */
export function simulatedHolder(
  vpa: string,
): { kind: 'found'; nameAtBank: string } | { kind: 'not_found' | 'invalid' } {
  const [local = '', handle = ''] = vpa.toLowerCase().split('@');
  if (local === 'invalid' || handle === '' || !/^[a-z0-9._-]+$/.test(local)) return { kind: 'invalid' };
  if (local === 'unknown' || !KNOWN_HANDLES.has(handle)) return { kind: 'not_found' };
  const words = local.split(/[._\-\d]+/).filter((word) => word.length > 1);
  if (words.length > 0) return { kind: 'found', nameAtBank: words.join(' ').toUpperCase() };
  const digest = createHash('sha256').update(local).digest();
  return { kind: 'found', nameAtBank: NAMES_FOR_NUMBERS[(digest[0] ?? 0) % NAMES_FOR_NUMBERS.length] ?? 'ASHA RAO' };
}
