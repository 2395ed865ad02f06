import { formatPaise } from '@kholo/contracts';

// Why a sale was refunded, in her words, is the contracts' CREATOR_REFUND_REASON_TEXT (her emails say the same).

/** "You owe ₹40 for a refund your wallet could not cover; …": one line under the balance. */
export function owedText(paise: number): string {
  return `You owe ${formatPaise(paise)} for a refund your wallet could not cover; it comes out of your next sales before you can withdraw.`;
}

/** "₹40 is held while a fan's bank disputes a payment." */
export function heldText(paise: number): string {
  return `${formatPaise(paise)} is held while a fan’s bank disputes a payment.`;
}

/**
 * Where her share of a refunded sale came from: the wallet, what she now owes, what a dispute
 * held. sharePaise = taken from the wallet + owed + held.
 */
export function refundShareText({
  sharePaise,
  fromWalletPaise,
  owedPaise,
}: {
  sharePaise: number;
  fromWalletPaise: number;
  owedPaise: number;
}): string {
  const heldPaise = sharePaise - fromWalletPaise - owedPaise;
  const parts: string[] = [];
  if (fromWalletPaise > 0) parts.push(`${formatPaise(fromWalletPaise)} from your wallet`);
  if (heldPaise > 0) parts.push(`${formatPaise(heldPaise)} that was held for a dispute`);
  if (owedPaise > 0) parts.push(`${formatPaise(owedPaise)} you owe, taken from your next sales`);
  const where = parts.length === 0 ? '' : `: ${parts.join(', ')}`;
  return `Your share of ${formatPaise(sharePaise)} taken back${where}`;
}
