import { type LocalizedEmail, localizedEmail } from '../email/index.js';

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
export function reminderEmail(details: ReminderDetails): LocalizedEmail {
  const { items } = details;
  const soonest = items[0];
  if (soonest === undefined) throw new Error('a reminder needs at least one item');
  const one = items.length === 1 ? soonest : undefined;
  const count = items.length;
  return localizedEmail(details.to, (w) => {
    const subject = w.t(
      soonest.expiresAt - details.now > DAY_MS ? 'reminder.subjectTwoDays' : 'reminder.subjectOneDay',
    );
    const until = (item: ReminderItem) => w.t('reminder.until', { at: w.dateTime(item.expiresAt) });
    const { html, text } = w.render({
      preview:
        one === undefined
          ? w.t('reminder.previewMany', { count })
          : w.t('reminder.previewOne', { title: one.title, until: until(one) }),
      heading: one === undefined ? w.t('reminder.headingMany') : w.t('reminder.headingOne', { title: one.title }),
      paragraphs: [
        w.hello(details.name),
        one === undefined
          ? w.t('reminder.bodyMany', { count })
          : w.t('reminder.bodyOne', { title: one.title, creator: one.creatorName, until: until(one) }),
      ],
      ...(one === undefined
        ? {
            links: items.map((item) => ({
              text: w.t('reminder.link', { title: item.title, creator: item.creatorName, until: until(item) }),
              url: item.url,
            })),
            action: { label: w.t('reminder.actionMany'), url: details.purchasesUrl },
          }
        : { action: { label: w.t('reminder.actionOne'), url: one.url } }),
      footnote: w.t('reminder.footnote'),
      supportEmail: details.supportEmail,
      unsubscribe: { label: w.t('reminder.unsubscribe'), url: details.unsubscribeUrl },
    });
    return {
      subject,
      text,
      html,
      links: [...items.map((item) => item.url), details.unsubscribeUrl],
      headers: {
        'List-Unsubscribe': `<${details.oneClickUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  });
}
