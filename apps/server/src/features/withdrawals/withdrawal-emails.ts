import { type EmailWords, emailWords, type LocalizedEmail, localizedEmail } from '../email/index.js';

export interface WithdrawalEmailDetails {
  to: string;
  creatorName: string;
  withdrawalId: string;
  amountPaise: number;
  upiId: string;
  /** The UPI ID's holder as the bank names it; null where no provider checked it. */
  payeeName: string | null;
  /** When it was requested, paid or rejected: the moment this email is about. */
  at: number;
  /** PUBLIC_URL/?tab=wallet */
  walletUrl: string;
  supportEmail: string;
}

/** One withdrawal email, in her language: `write` gives what it says, with its amount and time ready. */
function message(
  details: WithdrawalEmailDetails,
  write: (
    w: EmailWords,
    amount: string,
    at: string,
  ) => { subject: string; preview: string; heading: string; paragraphs: string[]; footnote?: string },
): LocalizedEmail {
  return localizedEmail(details.to, (w) => {
    const { subject, ...content } = write(w, w.money(details.amountPaise), w.dateTime(details.at));
    const { html, text } = w.render({
      ...content,
      paragraphs: [w.hello(details.creatorName), ...content.paragraphs],
      action: { label: w.t('withdrawals.action'), url: details.walletUrl },
      supportEmail: details.supportEmail,
    });
    return { subject, text, html, links: [details.walletUrl] };
  });
}

const FAILURE_REASONS = [
  'withdrawals.failedReason.refusedUpi',
  'withdrawals.failedReason.bankOffline',
  'withdrawals.failedReason.accountBlocked',
] as const;
const OTHER_FAILURE =
  /^The payment to your bank did not go through(?: \((.*)\))?\. The money is back in your wallet; please withdraw again, or write to us if it happens twice\.$/s;

/**
 * A failed payout's reason (transfer-status.ts's English, kept on the withdrawal) in her language:
 * found by its words, the provider's own detail kept as it came; anything else as it was written.
 */
function failureIn(w: EmailWords, reason: string): string {
  if (w.locale === 'en') return reason;
  const english = emailWords('en');
  const known = FAILURE_REASONS.find((key) => english.t(key) === reason);
  if (known !== undefined) return w.t(known);
  const other = OTHER_FAILURE.exec(reason);
  if (other === null) return reason;
  return w.t('withdrawals.failedReason.other', { detail: other[1] === undefined ? '' : ` (${other[1]})` });
}

/** Where the money goes, as she knows it: "ASHA RAO (asha@okaxis)", or the UPI ID alone. */
function payee(details: WithdrawalEmailDetails): string {
  return details.payeeName === null ? details.upiId : `${details.payeeName} (${details.upiId})`;
}

/**
 * Sent when the money waits: for the admin's review, or (PAYOUTS=manual) for the admin to pay it.
 * A payout that goes out at once gets only the paid (or failed) email, a minute later.
 */
export function withdrawalRequestedEmail(
  details: WithdrawalEmailDetails & { waitsFor: 'review' | 'admin_payment' },
): LocalizedEmail {
  const { upiId } = details;
  return message(details, (w, amount, at) => ({
    subject: w.t('withdrawals.requested.subject', { amount, upiId }),
    preview: w.t('withdrawals.requested.preview', { amount }),
    heading: w.t('withdrawals.requested.heading'),
    paragraphs: [
      details.waitsFor === 'review'
        ? w.t('withdrawals.requested.review', { amount, payee: payee(details) })
        : w.t('withdrawals.requested.manual', { amount, upiId }),
      w.t('withdrawals.amount', { amount }),
      w.t('withdrawals.upiId', { upiId }),
      w.t('withdrawals.id', { id: details.withdrawalId }),
      w.t('withdrawals.requested.on', { at }),
    ],
    footnote: w.t('withdrawals.requested.footnote'),
  }));
}

/** Sent when it is paid, with the bank's reference (UTR) or the one the admin gave. */
export function withdrawalPaidEmail(details: WithdrawalEmailDetails & { reference: string | null }): LocalizedEmail {
  const { upiId, reference } = details;
  return message(details, (w, amount, at) => ({
    subject: w.t('withdrawals.paid.subject', { amount, upiId }),
    preview: w.t('withdrawals.paid.preview', { amount, payee: payee(details) }),
    heading: w.t('withdrawals.paid.heading'),
    paragraphs: [
      w.t('withdrawals.paid.body', { amount, payee: payee(details) }),
      w.t('withdrawals.amount', { amount }),
      w.t('withdrawals.upiId', { upiId }),
      ...(reference === null ? [] : [w.t('withdrawals.reference', { reference })]),
      w.t('withdrawals.id', { id: details.withdrawalId }),
      w.t('withdrawals.paid.on', { at }),
    ],
    footnote: w.t('withdrawals.paid.footnote'),
  }));
}

/** Sent when the admin refuses it: the money is back in the wallet, and why. */
export function withdrawalRejectedEmail(details: WithdrawalEmailDetails & { reason: string }): LocalizedEmail {
  return message(details, (w, amount, at) => ({
    subject: w.t('withdrawals.rejected.subject', { amount }),
    preview: w.t('withdrawals.rejected.preview', { amount }),
    heading: w.t('withdrawals.rejected.heading'),
    paragraphs: [
      w.t('withdrawals.rejected.body', { amount, upiId: details.upiId }),
      // The admin's own words, as she wrote them.
      w.t('withdrawals.rejected.reason', { reason: details.reason }),
      w.t('withdrawals.id', { id: details.withdrawalId }),
      w.t('withdrawals.rejected.on', { at }),
    ],
    footnote: w.t('withdrawals.rejected.footnote'),
  }));
}

/** Sent when the bank refused the transfer: the money is back, and what to do next. */
export function withdrawalFailedEmail(details: WithdrawalEmailDetails & { reason: string }): LocalizedEmail {
  return message(details, (w, amount, at) => ({
    subject: w.t('withdrawals.failed.subject', { amount }),
    preview: w.t('withdrawals.failed.preview', { amount }),
    heading: w.t('withdrawals.failed.heading'),
    paragraphs: [
      w.t('withdrawals.failed.body', { amount, payee: payee(details) }),
      // Why the bank refused it (transfer-status.ts), in her language where the words are known.
      failureIn(w, details.reason),
      w.t('withdrawals.id', { id: details.withdrawalId }),
      w.t('withdrawals.failed.on', { at }),
    ],
    footnote: w.t('withdrawals.failed.footnote'),
  }));
}

/** Sent when the bank returned a payout it had accepted: the money is back in the wallet. */
export function withdrawalReversedEmail(
  details: WithdrawalEmailDetails & { reference: string | null },
): LocalizedEmail {
  const { reference } = details;
  return message(details, (w, amount, at) => ({
    subject: w.t('withdrawals.reversed.subject', { amount }),
    preview: w.t('withdrawals.reversed.preview', { amount }),
    heading: w.t('withdrawals.reversed.heading'),
    paragraphs: [
      w.t('withdrawals.reversed.body', { amount, payee: payee(details) }),
      w.t('withdrawals.reversed.why'),
      ...(reference === null ? [] : [w.t('withdrawals.referenceUtr', { reference })]),
      w.t('withdrawals.id', { id: details.withdrawalId }),
      w.t('withdrawals.reversed.on', { at }),
    ],
    footnote: w.t('withdrawals.reversed.footnote'),
  }));
}

/** Sent when she changes where she is paid: if it was not her, she can stop the next payout. */
export function payoutAccountChangedEmail(details: {
  to: string;
  creatorName: string;
  upiId: string;
  verifiedName: string;
  at: number;
  walletUrl: string;
  supportEmail: string;
}): LocalizedEmail {
  const { upiId } = details;
  const name = details.verifiedName;
  return localizedEmail(details.to, (w) => {
    const { html, text } = w.render({
      preview: w.t('withdrawals.accountChanged.preview', { name, upiId }),
      heading: w.t('withdrawals.accountChanged.heading'),
      paragraphs: [
        w.hello(details.creatorName),
        w.t('withdrawals.accountChanged.body', { name, upiId }),
        w.t('withdrawals.accountChanged.on', { at: w.dateTime(details.at) }),
        w.t('withdrawals.accountChanged.check'),
      ],
      footnote: w.t('withdrawals.accountChanged.footnote'),
      action: { label: w.t('withdrawals.action'), url: details.walletUrl },
      supportEmail: details.supportEmail,
    });
    return { subject: w.t('withdrawals.accountChanged.subject'), text, html, links: [details.walletUrl] };
  });
}
