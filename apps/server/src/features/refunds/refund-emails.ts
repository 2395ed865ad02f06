import type { ProblemReason, RefundReasonCode } from '@kholo/contracts';
import { type EmailWords, type LocalizedEmail, localizedEmail } from '../email/index.js';
import type { RefundRow } from './refunds-repository.js';

/** Where money-back emails link to: the fan's purchases, the creator's wallet. */
export interface RefundEmailLinks {
  /** PUBLIC_URL/purchases */
  purchasesUrl: string;
  /** PUBLIC_URL/?tab=wallet */
  walletUrl: string;
  supportEmail: string;
}

interface Content {
  subject: string;
  action: { label: string; url: string };
  preview: string;
  heading: string;
  paragraphs: string[];
  footnote?: string;
}

/** One money-back email, in the reader's language (`write` says it with the words given). */
function message(to: string, supportEmail: string, write: (w: EmailWords) => Content): LocalizedEmail {
  return localizedEmail(to, (w) => {
    const { subject, ...content } = write(w);
    const { html, text } = w.render({ ...content, supportEmail });
    return { subject, text, html, links: [content.action.url] };
  });
}

/** Why, in the reader's words: the rule's, and the person's note where there is one (a creator's reason is hers alone). */
function why(w: EmailWords, refund: Pick<RefundRow, 'reason' | 'note'>, reader: 'fan' | 'creator'): string {
  const reason = w.t(`refunds.reason.${reader}.${refund.reason satisfies RefundReasonCode}`);
  return refund.note === null || (reader === 'fan' && refund.reason === 'creator')
    ? w.t('refunds.because', { reason })
    : w.t('refunds.becauseNote', { reason, note: refund.note });
}

/** How long a refund takes to reach her, by how she paid (the Refunds policy's timings). */
function arrival(w: EmailWords, method: string | null): string {
  if (method === 'upi') return w.t('refunds.arrival.upi');
  if (method === 'card' || method === 'netbanking') return w.t('refunds.arrival.bank');
  return w.t('refunds.arrival.other');
}

/** Where the money goes back to, by how she paid. */
function how(w: EmailWords, method: string | null): string {
  if (method === 'upi' || method === 'card' || method === 'netbanking') return w.t(`refunds.how.${method}`);
  return w.t('refunds.how.other');
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
): LocalizedEmail {
  const title = details.itemTitle;
  const method = details.refund.paymentMethod;
  return message(details.to, details.supportEmail, (w) => {
    const amount = w.money(details.refund.amountPaise);
    const words = { amount, title, how: how(w, method), arrival: arrival(w, method) };
    return {
      subject: w.t('refunds.issued.subject', words),
      action: { label: w.t('refunds.seePurchases'), url: details.purchasesUrl },
      preview: w.t('refunds.issued.preview', words),
      heading: w.t('refunds.issued.heading'),
      paragraphs: [
        w.hello(details.fanName),
        w.t('refunds.issued.body', { ...words, why: why(w, details.refund, 'fan') }),
        w.t('refunds.issued.arrives', words),
        ...(details.ticket === null ? [] : [w.t('refunds.issued.ticket', { ticket: details.ticket })]),
        w.t('refunds.order', { orderId: details.refund.orderId }),
      ],
      footnote: w.t('refunds.issued.footnote'),
    };
  });
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
): LocalizedEmail {
  const { refund } = details;
  const title = details.itemTitle;
  const owed = refund.toReceivablePaise;
  return message(details.to, details.supportEmail, (w) => {
    const share = w.money(details.sharePaise);
    return {
      subject: w.t('refunds.creator.subject', { title }),
      action: { label: w.t('refunds.openWallet'), url: details.walletUrl },
      preview: w.t('refunds.creator.preview', { share }),
      heading: w.t('refunds.creator.heading'),
      paragraphs: [
        w.hello(details.creatorName),
        w.t('refunds.creator.body', { amount: w.money(refund.amountPaise), title, why: why(w, refund, 'creator') }),
        owed === 0
          ? w.t('refunds.creator.fromWallet', { share })
          : w.t('refunds.creator.owed', { share, fromWallet: w.money(refund.fromWalletPaise), owed: w.money(owed) }),
        w.t('refunds.order', { orderId: refund.orderId }),
      ],
    };
  });
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
): LocalizedEmail {
  const { ticket } = details;
  return message(details.to, details.supportEmail, (w) => ({
    subject: w.t('refunds.reportReceived.subject', { ticket }),
    action: { label: w.t('refunds.seePurchases'), url: details.purchasesUrl },
    preview: w.t('refunds.reportReceived.preview', { ticket }),
    heading: w.t('refunds.ticket.heading', { ticket }),
    paragraphs: [
      w.hello(details.fanName),
      w.t('refunds.reportReceived.body', {
        title: details.itemTitle,
        reason: w.t(`refunds.problem.${details.reason}`),
      }),
      w.t('refunds.reportReceived.reply', { ticket }),
      w.t('refunds.order', { orderId: details.orderId }),
    ],
  }));
}

/** To the fan: her ticket was answered without a refund, with the admin's words. */
export function problemReportAnsweredEmail(
  details: { to: string; fanName: string; itemTitle: string; ticket: string; resolution: string } & RefundEmailLinks,
): LocalizedEmail {
  const { ticket } = details;
  return message(details.to, details.supportEmail, (w) => ({
    subject: w.t('refunds.reportAnswered.subject', { ticket }),
    action: { label: w.t('refunds.seePurchases'), url: details.purchasesUrl },
    // The admin's own words, as she wrote them.
    preview: details.resolution.slice(0, 120),
    heading: w.t('refunds.ticket.heading', { ticket }),
    paragraphs: [
      w.hello(details.fanName),
      w.t('refunds.reportAnswered.body', { title: details.itemTitle }),
      details.resolution,
    ],
    footnote: w.t('refunds.reportAnswered.footnote'),
  }));
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
): LocalizedEmail {
  const { step } = details;
  const title = details.itemTitle;
  return message(details.to, details.supportEmail, (w) => {
    const text = w.t(`refunds.dispute.${step}.text`, { title, share: w.money(details.sharePaise) });
    return {
      subject: w.t(`refunds.dispute.${step}.subject`, { title }),
      action: { label: w.t('refunds.openWallet'), url: details.walletUrl },
      preview: text.slice(0, 120),
      heading: w.t(`refunds.dispute.${step}.heading`),
      paragraphs: [w.hello(details.creatorName), text, w.t('refunds.order', { orderId: details.orderId })],
    };
  });
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
}): LocalizedEmail {
  const { orderId, reason, respondBy } = details;
  return message(details.to, details.supportEmail, (w) => {
    const due =
      respondBy === null
        ? w.t('refunds.disputeAdmin.asap')
        : w.t('refunds.disputeAdmin.by', { at: w.dateTime(respondBy) });
    const amount = w.money(details.amountPaise);
    return {
      subject: w.t('refunds.disputeAdmin.subject', { id: details.disputeId, due }),
      action: { label: w.t('refunds.disputeAdmin.action'), url: details.adminUrl },
      preview: w.t('refunds.disputeAdmin.preview', { amount, orderId }),
      heading: w.t('refunds.dispute.held.heading'),
      paragraphs: [
        reason === null
          ? w.t('refunds.disputeAdmin.body', { amount, orderId })
          : w.t('refunds.disputeAdmin.bodyReason', { amount, orderId, reason }),
        w.t('refunds.disputeAdmin.answer', { due }),
      ],
    };
  });
}
