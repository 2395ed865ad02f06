import { formatDateTime } from '@kholo/contracts';
import { renderEmail } from '../../providers/mail/email-layout.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

const DAY_MS = 24 * 60 * 60_000;

export interface ReminderItem {
  title: string;
  creatorName: string;
  expiresAt: number;
  /** PUBLIC_URL/content/{id}: the item's page, with Download while her access runs. */
  url: string;
}

export interface ReminderDetails {
  to: string;
  name: string;
  /** Ending soonest first; at least one. */
  items: ReminderItem[];
  now: number;
  /** PUBLIC_URL/purchases: everything she bought. */
  purchasesUrl: string;
  /** The page that asks before it stops reminders (PUBLIC_URL/unsubscribe?token=…). */
  unsubscribeUrl: string;
  /** RFC 8058's one-click address, which mail apps POST to without opening a page. */
  oneClickUrl: string;
  supportEmail: string;
}

/**
 * "2 days left — download now": the items whose access ends within two days, each with its exact
 * end in India time and a link to download it. The subject counts from the soonest: an item that
 * waited for today's email (one a day at most) may have less than two days left.
 */
export function reminderEmail(details: ReminderDetails): MailMessage {
  const { items } = details;
  const soonest = items[0];
  if (soonest === undefined) throw new Error('a reminder needs at least one item');
  const firstName = details.name.trim().split(/\s+/)[0] ?? '';
  const subject =
    soonest.expiresAt - details.now > DAY_MS ? '2 days left — download now' : 'Less than a day left — download now';
  const until = (item: ReminderItem) => `${formatDateTime(item.expiresAt)} IST`;
  const one = items.length === 1 ? soonest : undefined;

  const { html, text } = renderEmail({
    preview:
      one === undefined
        ? `Your access to ${items.length} items ends soon. Download them to keep a copy.`
        : `Your access to “${one.title}” ends on ${until(one)}. Download it to keep a copy.`,
    heading: one === undefined ? 'Your access ends soon' : `Download “${one.title}” before it locks`,
    paragraphs: [
      firstName === '' ? 'Hello,' : `Hello ${firstName},`,
      one === undefined
        ? `Your access to these ${items.length} items ends soon. Download what you want to keep before then:`
        : `Your access to “${one.title}” by ${one.creatorName} ends on ${until(one)}. Download it now to keep a copy.`,
    ],
    ...(one === undefined
      ? {
          links: items.map((item) => ({
            text: `“${item.title}” by ${item.creatorName}, until ${until(item)}`,
            url: item.url,
          })),
          action: { label: 'See all your purchases', url: details.purchasesUrl },
        }
      : { action: { label: 'Download now', url: one.url } }),
    footnote:
      'We remind you once, up to two days before your access to something you bought ends. Receipts and refund emails come whether or not you get reminders.',
    supportEmail: details.supportEmail,
    unsubscribe: { label: 'Stop reminder emails', url: details.unsubscribeUrl },
  });
  return {
    to: details.to,
    subject,
    text,
    html,
    links: [...items.map((item) => item.url), details.unsubscribeUrl],
    headers: {
      'List-Unsubscribe': `<${details.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
