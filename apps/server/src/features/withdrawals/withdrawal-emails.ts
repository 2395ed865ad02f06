import { formatDateTime, formatPaise } from '@kholo/contracts';
import { renderEmail } from '../../providers/mail/email-layout.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

export interface WithdrawalEmailDetails {
  to: string;
  creatorName: string;
  withdrawalId: string;
  amountPaise: number;
  upiId: string;
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

/** Sent when the creator asks: what she asked for, where it goes, and what happens next. */
export function withdrawalRequestedEmail(details: WithdrawalEmailDetails): MailMessage {
  const amount = formatPaise(details.amountPaise);
  return message(details, `Withdrawal requested: ${amount} to ${details.upiId}`, {
    preview: `We received your request to withdraw ${amount}.`,
    heading: 'Withdrawal requested',
    paragraphs: [
      greeting(details.creatorName),
      `We received your request to withdraw ${amount} from your Kholo wallet, and we will pay it to your UPI ID ${details.upiId}.`,
      `Amount: ${amount}`,
      `UPI ID: ${details.upiId}`,
      `Withdrawal ID: ${details.withdrawalId}`,
      `Requested on: ${formatDateTime(details.at)}`,
    ],
    footnote:
      'We will email you again when it is paid. If you did not ask for this withdrawal, write to us straight away and quote the withdrawal ID.',
  });
}

/** Sent when the admin has paid it, with the bank or UPI reference when one was given. */
export function withdrawalPaidEmail(details: WithdrawalEmailDetails & { reference: string | null }): MailMessage {
  const amount = formatPaise(details.amountPaise);
  return message(details, `Withdrawal paid: ${amount} to ${details.upiId}`, {
    preview: `We paid ${amount} to your UPI ID ${details.upiId}.`,
    heading: 'Withdrawal paid',
    paragraphs: [
      greeting(details.creatorName),
      `We paid ${amount} to your UPI ID ${details.upiId}.`,
      `Amount: ${amount}`,
      `UPI ID: ${details.upiId}`,
      ...(details.reference === null ? [] : [`Payment reference: ${details.reference}`]),
      `Withdrawal ID: ${details.withdrawalId}`,
      `Paid on: ${formatDateTime(details.at)}`,
    ],
    footnote:
      'It can take a little while to show in your UPI app. If it has not arrived within 24 hours, write to us and quote the withdrawal ID.',
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
