import { formatPaise, type RefundReasonCode } from '@kholo/contracts';

/**
 * Why a sale was refunded, in words to its creator. The contracts' REFUND_REASON_TEXT speaks to
 * the fan ("after you reported a problem"); these say the same to her.
 */
export const CREATOR_REFUND_REASON_WORDS: Record<RefundReasonCode, string> = {
  admin: 'Refunded by Kholo',
  fan_problem: 'Refunded by Kholo after the fan reported a problem',
  creator: 'You refunded it',
  paid_for_removed_item: 'The fan paid after the item was removed',
  already_unlocked: 'A second payment by a fan who already had it',
  late_payment: 'The payment arrived too late to be honoured',
  item_removed: 'Kholo hid the item for breaking its rules',
  dispute_lost: 'The fan’s bank took the payment back after a dispute',
};

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
