import { formatDateTime, formatPaise } from '@kholo/contracts';
import { renderEmail } from '../../providers/mail/email-layout.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

export interface ReceiptDetails {
  to: string;
  fanName: string;
  itemTitle: string;
  creatorName: string;
  amountPaise: number;
  orderId: string;
  paidAt: number;
  accessUntil: number;
  contentUrl: string;
  /** PUBLIC_URL/purchases: every order, and Report a problem. */
  purchasesUrl: string;
  supportEmail: string;
}

/** The fan's receipt: what was bought, from whom, for how much, and until when it stays open. */
export function receiptEmail(details: ReceiptDetails): MailMessage {
  const firstName = details.fanName.trim().split(/\s+/)[0] ?? '';
  const amount = formatPaise(details.amountPaise);
  const { html, text } = renderEmail({
    preview: `You unlocked “${details.itemTitle}” for ${amount}. Access until ${formatDateTime(details.accessUntil)}.`,
    heading: 'Your Kholo receipt',
    paragraphs: [
      firstName === '' ? 'Hello,' : `Hello ${firstName},`,
      `Thank you for your payment. Here are the details:`,
      `Item: ${details.itemTitle}`,
      `Creator: ${details.creatorName}`,
      `Amount paid: ${amount}`,
      `Order ID: ${details.orderId}`,
      `Paid on: ${formatDateTime(details.paidAt)}`,
      `Access until: ${formatDateTime(details.accessUntil)}`,
      `Your purchases and this receipt: ${details.purchasesUrl}`,
    ],
    action: { label: 'Open your item', url: details.contentUrl },
    footnote:
      'All sales are final. If something went wrong, choose Report a problem on your purchases page within 24 hours and we will put it right.',
    supportEmail: details.supportEmail,
  });
  return {
    to: details.to,
    subject: `Receipt: ${details.itemTitle} (${amount})`,
    text,
    html,
    links: [details.contentUrl, details.purchasesUrl],
  };
}
