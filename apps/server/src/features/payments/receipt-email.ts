import { type LocalizedEmail, localizedEmail } from '../email/index.js';

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
export function receiptEmail(details: ReceiptDetails): LocalizedEmail {
  const title = details.itemTitle;
  return localizedEmail(details.to, (w) => {
    const amount = w.money(details.amountPaise);
    const until = w.dateTime(details.accessUntil);
    const { html, text } = w.render({
      preview: w.t('receipt.preview', { title, amount, until }),
      heading: w.t('receipt.heading'),
      paragraphs: [
        w.hello(details.fanName),
        w.t('receipt.thanks'),
        w.t('receipt.item', { title }),
        w.t('receipt.creator', { name: details.creatorName }),
        w.t('receipt.amount', { amount }),
        w.t('receipt.order', { orderId: details.orderId }),
        w.t('receipt.paidOn', { at: w.dateTime(details.paidAt) }),
        w.t('receipt.until', { until }),
        w.t('receipt.purchases', { url: details.purchasesUrl }),
      ],
      action: { label: w.t('receipt.action'), url: details.contentUrl },
      footnote: w.t('receipt.footnote'),
      supportEmail: details.supportEmail,
    });
    return {
      subject: w.t('receipt.subject', { title, amount }),
      text,
      html,
      links: [details.contentUrl, details.purchasesUrl],
    };
  });
}
