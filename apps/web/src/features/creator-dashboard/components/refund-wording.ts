import { formatPaise, translate, type Locale } from '@kholo/contracts';

// Why a sale was refunded, in her words, is the contracts' CREATOR_REFUND_REASON_TEXT (her emails say the same).

/** "You owe ₹40 for a refund your wallet could not cover; …": one line under the balance. */
export function owedText(paise: number, locale: Locale = 'en'): string {
  return translate(locale, 'dashboardWallet.owed', { amount: formatPaise(paise, locale) });
}

/** "₹40 is held while a fan's bank disputes a payment." */
export function heldText(paise: number, locale: Locale = 'en'): string {
  return translate(locale, 'dashboardWallet.held', { amount: formatPaise(paise, locale) });
}

/**
 * Where her share of a refunded sale came from: the wallet, what she now owes, what a dispute
 * held. sharePaise = taken from the wallet + owed + held.
 */
export function refundShareText(
  {
    sharePaise,
    fromWalletPaise,
    owedPaise,
  }: {
    sharePaise: number;
    fromWalletPaise: number;
    owedPaise: number;
  },
  locale: Locale = 'en',
): string {
  const heldPaise = sharePaise - fromWalletPaise - owedPaise;
  const money = (paise: number) => formatPaise(paise, locale);
  const parts: string[] = [];
  if (fromWalletPaise > 0)
    parts.push(translate(locale, 'dashboardWallet.share.fromWallet', { amount: money(fromWalletPaise) }));
  if (heldPaise > 0) parts.push(translate(locale, 'dashboardWallet.share.held', { amount: money(heldPaise) }));
  if (owedPaise > 0) parts.push(translate(locale, 'dashboardWallet.share.owed', { amount: money(owedPaise) }));
  const amount = money(sharePaise);
  return parts.length === 0
    ? translate(locale, 'dashboardWallet.share.takenBack', { amount })
    : translate(locale, 'dashboardWallet.share.takenBackFrom', { amount, parts: parts.join(', ') });
}
