/**
 * How a sale's price is split (DESIGN §3): the platform's fee in basis points, rounded down to
 * whole paise so any rounding favours the creator, and the creator gets exactly the rest.
 */
export function splitSale(pricePaise: number, feeBps: number): { feePaise: number; creatorPaise: number } {
  if (!Number.isSafeInteger(pricePaise) || pricePaise < 0) throw new RangeError(`invalid price: ${pricePaise}`);
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 10_000) throw new RangeError(`invalid fee: ${feeBps}`);
  const feePaise = Math.floor((pricePaise * feeBps) / 10_000);
  return { feePaise, creatorPaise: pricePaise - feePaise };
}
