import { formatDateTime, formatPaise } from '@kholo/contracts';
import { renderEmail } from '../../providers/mail/email-layout.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

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

function greeting(name: string): string {
  const firstName = name.trim().split(/\s+/)[0] ?? '';
  return firstName === '' ? 'Hello,' : `Hello ${firstName},`;
}

function message(
  details: WithdrawalEmailDetails,
  subject: string,
  content: { preview: string; heading: string; paragraphs: string[]; footnote?: string },
): MailMessage {
  const { html, text } = renderEmail({
    ...content,
    action: { label: 'Open your wallet', url: details.walletUrl },
    supportEmail: details.supportEmail,
  });
  return { to: details.to, subject, text, html, links: [details.walletUrl] };
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
): MailMessage {
  const amount = formatPaise(details.amountPaise);
  return message(details, `Withdrawal requested: ${amount} to ${details.upiId}`, {
    preview: `We received your request to withdraw ${amount}.`,
    heading: 'Withdrawal requested',
    paragraphs: [
      greeting(details.creatorName),
      details.waitsFor === 'review'
        ? `We received your request to withdraw ${amount} to ${payee(details)}. We check some payouts before they go (a first payout, a new UPI ID, a large amount); we do that within 24 hours, and it is then sent straight away.`
        : `We received your request to withdraw ${amount} from your Kholo wallet, and we will pay it to your UPI ID ${details.upiId}.`,
      `Amount: ${amount}`,
      `UPI ID: ${details.upiId}`,
      `Withdrawal ID: ${details.withdrawalId}`,
      `Requested on: ${formatDateTime(details.at)}`,
    ],
    footnote:
      'You can cancel it from your wallet until it is sent. We will email you again when it is paid. If you did not ask for this withdrawal, write to us straight away and quote the withdrawal ID.',
  });
}

/** Sent when it is paid, with the bank's reference (UTR) or the one the admin gave. */
export function withdrawalPaidEmail(details: WithdrawalEmailDetails & { reference: string | null }): MailMessage {
  const amount = formatPaise(details.amountPaise);
  return message(details, `Withdrawal paid: ${amount} to ${details.upiId}`, {
    preview: `We paid ${amount} to ${payee(details)}.`,
    heading: 'Withdrawal paid',
    paragraphs: [
      greeting(details.creatorName),
      `We paid ${amount} to ${payee(details)}.`,
      `Amount: ${amount}`,
      `UPI ID: ${details.upiId}`,
      ...(details.reference === null ? [] : [`Payment reference: ${details.reference}`]),
      `Withdrawal ID: ${details.withdrawalId}`,
      `Paid on: ${formatDateTime(details.at)}`,
    ],
    footnote:
      'It can take a little while to show in your UPI app. If it has not arrived within 24 hours, write to us and quote the UTR or the withdrawal ID.',
  });
}

/** Sent when the admin refuses it: the money is back in the wallet, and why. */
export function withdrawalRejectedEmail(details: WithdrawalEmailDetails & { reason: string }): MailMessage {
  const amount = formatPaise(details.amountPaise);
  return message(details, `Withdrawal not paid: ${amount} is back in your wallet`, {
    preview: `Your withdrawal of ${amount} was not paid; the money is back in your wallet.`,
    heading: 'Withdrawal not paid',
    paragraphs: [
      greeting(details.creatorName),
      `We could not pay your withdrawal of ${amount} to ${details.upiId}, so ${amount} is back in your Kholo wallet.`,
      `Reason: ${details.reason}`,
      `Withdrawal ID: ${details.withdrawalId}`,
      `Decided on: ${formatDateTime(details.at)}`,
    ],
    footnote:
      'You can withdraw again from your wallet. If something is unclear, write to us and quote the withdrawal ID.',
  });
}

/** Sent when the bank refused the transfer: the money is back, and what to do next. */
export function withdrawalFailedEmail(details: WithdrawalEmailDetails & { reason: string }): MailMessage {
  const amount = formatPaise(details.amountPaise);
  return message(details, `Payout failed: ${amount} is back in your wallet`, {
    preview: `Your payout of ${amount} did not go through; the money is back in your wallet.`,
    heading: 'Payout failed',
    paragraphs: [
      greeting(details.creatorName),
      `Your payout of ${amount} to ${payee(details)} did not go through, so ${amount} is back in your Kholo wallet.`,
      details.reason,
      `Withdrawal ID: ${details.withdrawalId}`,
      `Failed on: ${formatDateTime(details.at)}`,
    ],
    footnote: 'Nothing was taken from you. If something is unclear, write to us and quote the withdrawal ID.',
  });
}

/** Sent when the bank returned a payout it had accepted: the money is back in the wallet. */
export function withdrawalReversedEmail(details: WithdrawalEmailDetails & { reference: string | null }): MailMessage {
  const amount = formatPaise(details.amountPaise);
  return message(details, `Payout returned: ${amount} is back in your wallet`, {
    preview: `Your bank returned the payout of ${amount}; the money is back in your wallet.`,
    heading: 'Payout returned by your bank',
    paragraphs: [
      greeting(details.creatorName),
      `Your bank returned the payout of ${amount} to ${payee(details)}, so ${amount} is back in your Kholo wallet.`,
      'This usually means the account behind the UPI ID cannot take money just now (closed, frozen or over a limit). Check your payout account in the Wallet, then withdraw again.',
      ...(details.reference === null ? [] : [`Payment reference (UTR): ${details.reference}`]),
      `Withdrawal ID: ${details.withdrawalId}`,
      `Returned on: ${formatDateTime(details.at)}`,
    ],
    footnote: 'If you did receive the money, write to us and quote the withdrawal ID.',
  });
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
}): MailMessage {
  const { html, text } = renderEmail({
    preview: `Your payouts now go to ${details.verifiedName} (${details.upiId}).`,
    heading: 'Your payout account changed',
    paragraphs: [
      greeting(details.creatorName),
      `Your Kholo payouts now go to ${details.verifiedName} (${details.upiId}).`,
      `Changed on: ${formatDateTime(details.at)}`,
      'To keep your money safe, we check the next payout to a changed account before it goes (within 24 hours).',
    ],
    footnote:
      'If you did not make this change, write to us straight away and change your password: we will hold your payouts until it is sorted out.',
    action: { label: 'Open your wallet', url: details.walletUrl },
    supportEmail: details.supportEmail,
  });
  return {
    to: details.to,
    subject: 'Your Kholo payout account changed',
    text,
    html,
    links: [details.walletUrl],
  };
}
