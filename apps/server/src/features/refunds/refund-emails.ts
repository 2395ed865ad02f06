import {
  CREATOR_REFUND_REASON_TEXT,
  formatDateTime,
  formatPaise,
  PROBLEM_REASON_TEXT,
  type ProblemReason,
  REFUND_REASON_TEXT,
  refundArrivalText,
} from '@kholo/contracts';
import { renderEmail } from '../../providers/mail/email-layout.js';
import type { MailMessage } from '../../providers/mail/mailer.js';
import type { RefundRow } from './refunds-repository.js';

/** Where money-back emails link to: the fan's purchases, the creator's wallet. */
export interface RefundEmailLinks {
  /** PUBLIC_URL/purchases */
  purchasesUrl: string;
  /** PUBLIC_URL/?tab=wallet */
  walletUrl: string;
  supportEmail: string;
}

function greeting(name: string): string {
  const firstName = name.trim().split(/\s+/)[0] ?? '';
  return firstName === '' ? 'Hello,' : `Hello ${firstName},`;
}

function message(
  to: string,
  subject: string,
  action: { label: string; url: string },
  supportEmail: string,
  content: { preview: string; heading: string; paragraphs: string[]; footnote?: string },
): MailMessage {
  const { html, text } = renderEmail({ ...content, action, supportEmail });
  return { to, subject, text, html, links: [action.url] };
}

/** Why, in the reader's words: the rule's, and the person's note where there is one (a creator's reason is hers alone). */
function why(refund: Pick<RefundRow, 'reason' | 'note'>, reader: 'fan' | 'creator'): string {
  const base = (reader === 'fan' ? REFUND_REASON_TEXT : CREATOR_REFUND_REASON_TEXT)[refund.reason];
  return refund.note === null || (reader === 'fan' && refund.reason === 'creator')
    ? `${base}.`
    : `${base}: ${refund.note}`;
}

/**
 * To the fan, once, when the provider has taken the refund: how much, why, and how long it takes
 * to reach her by the way she paid (the Refunds policy's timings).
 */
export function refundIssuedEmail(
  details: {
    to: string;
    fanName: string;
    itemTitle: string;
    refund: RefundRow;
    ticket: string | null;
  } & RefundEmailLinks,
): MailMessage {
  const amount = formatPaise(details.refund.amountPaise);
  const arrival = refundArrivalText(details.refund.paymentMethod);
  const how =
    details.refund.paymentMethod === 'upi'
      ? 'your UPI account'
      : details.refund.paymentMethod === 'card'
        ? 'your card'
        : details.refund.paymentMethod === 'netbanking'
          ? 'your bank account'
          : 'the account you paid from';
  return message(
    details.to,
    `Refund of ${amount} for “${details.itemTitle}”`,
    { label: 'See your purchases', url: details.purchasesUrl },
    details.supportEmail,
    {
      preview: `We are refunding ${amount}. It reaches ${how} in ${arrival}.`,
      heading: 'Your refund is on its way',
      paragraphs: [
        greeting(details.fanName),
        `We are refunding ${amount} for “${details.itemTitle}”. ${why(details.refund, 'fan')}`,
        `It reaches ${how} in ${arrival}, depending on your bank.`,
        ...(details.ticket === null ? [] : [`This answers your ticket ${details.ticket}.`]),
        `Order ID: ${details.refund.orderId}`,
      ],
      footnote:
        'Your access to this item has ended. If the money has not arrived after that time, reply with the order ID.',
    },
  );
}

/** To the creator when a sale of hers is refunded by someone else: what came out of her wallet. */
export function refundStartedForCreatorEmail(
  details: {
    to: string;
    creatorName: string;
    itemTitle: string;
    refund: RefundRow;
    sharePaise: number;
  } & RefundEmailLinks,
): MailMessage {
  const { refund } = details;
  const owed = refund.toReceivablePaise;
  return message(
    details.to,
    `A sale of “${details.itemTitle}” was refunded`,
    { label: 'Open your wallet', url: details.walletUrl },
    details.supportEmail,
    {
      preview: `${formatPaise(details.sharePaise)} of your share was taken back.`,
      heading: 'A sale was refunded',
      paragraphs: [
        greeting(details.creatorName),
        `The fan who paid ${formatPaise(refund.amountPaise)} for “${details.itemTitle}” was refunded. ${why(refund, 'creator')}`,
        owed === 0
          ? `Your share of ${formatPaise(details.sharePaise)} came out of your wallet.`
          : `Your share was ${formatPaise(details.sharePaise)}: ${formatPaise(refund.fromWalletPaise)} came out of your wallet and ${formatPaise(owed)} will come out of your next sales before you can withdraw.`,
        `Order ID: ${refund.orderId}`,
      ],
    },
  );
}

/** To the fan: her problem report was received, with its ticket number. */
export function problemReportReceivedEmail(
  details: {
    to: string;
    fanName: string;
    itemTitle: string;
    ticket: string;
    reason: ProblemReason;
    orderId: string;
  } & RefundEmailLinks,
): MailMessage {
  return message(
    details.to,
    `Ticket ${details.ticket}: we received your report`,
    { label: 'See your purchases', url: details.purchasesUrl },
    details.supportEmail,
    {
      preview: `Your ticket number is ${details.ticket}. We reply within 24 hours.`,
      heading: `Ticket ${details.ticket}`,
      paragraphs: [
        greeting(details.fanName),
        `We received your report about “${details.itemTitle}”: ${PROBLEM_REASON_TEXT[details.reason]}.`,
        `Your ticket number is ${details.ticket}. We look at every report and reply by email within 24 hours.`,
        `Order ID: ${details.orderId}`,
      ],
    },
  );
}

/** To the fan: her ticket was answered without a refund, with the admin's words. */
export function problemReportAnsweredEmail(
  details: { to: string; fanName: string; itemTitle: string; ticket: string; resolution: string } & RefundEmailLinks,
): MailMessage {
  return message(
    details.to,
    `Ticket ${details.ticket}: our answer`,
    { label: 'See your purchases', url: details.purchasesUrl },
    details.supportEmail,
    {
      preview: details.resolution.slice(0, 120),
      heading: `Ticket ${details.ticket}`,
      paragraphs: [
        greeting(details.fanName),
        `We looked into your report about “${details.itemTitle}”.`,
        details.resolution,
      ],
      footnote: 'If this does not settle it, reply to this email with the ticket number.',
    },
  );
}

export type DisputeStep = 'held' | 'released' | 'lost';

/** To the creator: a fan's bank disputes a payment (her share held), and how it ended. */
export function disputeEmail(
  details: {
    to: string;
    creatorName: string;
    itemTitle: string;
    step: DisputeStep;
    sharePaise: number;
    orderId: string;
  } & RefundEmailLinks,
): MailMessage {
  const share = formatPaise(details.sharePaise);
  const words: Record<DisputeStep, { subject: string; heading: string; text: string }> = {
    held: {
      subject: `A fan’s bank disputes a payment for “${details.itemTitle}”`,
      heading: 'A payment is disputed',
      text: `The bank of a fan who bought “${details.itemTitle}” disputes the payment. Your share of ${share} is held until the bank decides; Kholo answers the bank with the proof of the sale.`,
    },
    released: {
      subject: `The dispute about “${details.itemTitle}” was decided for you`,
      heading: 'Dispute won',
      text: `The bank decided the dispute about “${details.itemTitle}” for us. Your share of ${share} is yours again.`,
    },
    lost: {
      subject: `The dispute about “${details.itemTitle}” was decided for the fan`,
      heading: 'Dispute lost',
      text: `The bank decided the dispute about “${details.itemTitle}” for the fan and took the payment back. Your held share of ${share} went with it.`,
    },
  };
  const chosen = words[details.step];
  return message(
    details.to,
    chosen.subject,
    { label: 'Open your wallet', url: details.walletUrl },
    details.supportEmail,
    {
      preview: chosen.text.slice(0, 120),
      heading: chosen.heading,
      paragraphs: [greeting(details.creatorName), chosen.text, `Order ID: ${details.orderId}`],
    },
  );
}

/** To the admin: a dispute was opened, and by when it must be answered (the bank rules for the fan otherwise). */
export function disputeOpenedAdminEmail(details: {
  to: string;
  disputeId: string;
  orderId: string;
  amountPaise: number;
  reason: string | null;
  respondBy: number | null;
  adminUrl: string;
  supportEmail: string;
}): MailMessage {
  const due = details.respondBy === null ? 'as soon as possible' : `by ${formatDateTime(details.respondBy)}`;
  return message(
    details.to,
    `Dispute ${details.disputeId}: answer ${due}`,
    { label: 'Open Disputes', url: details.adminUrl },
    details.supportEmail,
    {
      preview: `A bank disputes ${formatPaise(details.amountPaise)} on order ${details.orderId}.`,
      heading: 'A payment is disputed',
      paragraphs: [
        `A fan's bank disputes ${formatPaise(details.amountPaise)} on order ${details.orderId}${details.reason === null ? '' : ` (${details.reason})`}.`,
        `Answer it at the provider ${due}, with the evidence on the Disputes page; unanswered, the bank rules for the fan.`,
      ],
    },
  );
}
