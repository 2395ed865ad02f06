import type { Purchase } from '@kholo/contracts';

/** Her library (issue 23): what she holds, what ran out, and whom she bought from. */
export interface Library {
  /** Items she holds now, newest purchase first. */
  holds: Purchase[];
  /** Items whose 14 days ran out and that she holds no longer, latest ending first. */
  ended: Purchase[];
  /** Every creator she paid, newest purchase first, each once. */
  creators: { handle: string; name: string }[];
}

/**
 * Her orders (newest first, as GET /api/purchases answers) as a library: each item once, in its
 * state now. An item she holds is held, whatever older orders say; otherwise her latest paid
 * order decides, and only one that ran out puts it under Ended (one refunded or disputed was
 * taken back, which /purchases explains, as the content page does). Failed and cancelled
 * attempts bought nothing and are left out.
 */
export function libraryOf(purchases: readonly Purchase[]): Library {
  const holds = new Map<string, Purchase>();
  const latestPaid = new Map<string, Purchase>();
  const creators = new Map<string, { handle: string; name: string }>();
  for (const purchase of purchases) {
    if (purchase.paidAt === null) continue;
    if (!creators.has(purchase.creatorHandle)) {
      creators.set(purchase.creatorHandle, { handle: purchase.creatorHandle, name: purchase.creatorName });
    }
    if (!latestPaid.has(purchase.contentId)) latestPaid.set(purchase.contentId, purchase);
    if (purchase.status === 'paid' && !holds.has(purchase.contentId)) holds.set(purchase.contentId, purchase);
  }
  const ended = [...latestPaid.values()]
    .filter((purchase) => purchase.status === 'expired' && !holds.has(purchase.contentId))
    .sort((a, b) => (b.accessUntil ?? 0) - (a.accessUntil ?? 0));
  return { holds: [...holds.values()], ended, creators: [...creators.values()] };
}
