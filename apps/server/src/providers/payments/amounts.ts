/**
 * Paise inside, rupees on the wire (reference/payment-providers.md §8). Never compare floats:
 * convert the provider's rupees to paise first.
 */

/** 14900 → 149 (a JSON number with at most 2 decimals). */
export function paiseToRupees(paise: number): number {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`not whole paise: ${paise}`);
  return Number((paise / 100).toFixed(2));
}

/** 149.5 → 14950; null when the value is not a finite amount in whole paise. */
export function rupeesToPaise(rupees: unknown): number | null {
  if (typeof rupees !== 'number' || !Number.isFinite(rupees)) return null;
  const paise = Math.round(rupees * 100);
  if (!Number.isSafeInteger(paise) || Math.abs(paise - rupees * 100) > 1e-6) return null;
  return paise;
}

/** 14900 → "149.00": how the simulator writes amounts into raw webhook JSON, as Cashfree does. */
export function rupeesText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const absolute = Math.abs(paise);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
