/** The creator's "you made a sale" email, one for a burst of sales (payments). */
export const salesEn = {
  'sales.subjectOne': 'You made a sale: “{title}”',
  'sales.subjectMany': '{count} new sales: {total} to your wallet',
  'sales.previewOne': '{total} from a new sale is in your Kholo wallet.',
  'sales.previewMany': '{total} from {count} new sales is in your Kholo wallet.',
  'sales.headingOne': 'You made a sale',
  'sales.headingMany': '{count} new sales',
  'sales.bodyOne': 'A fan just unlocked your item. {total} is in your Kholo wallet.',
  'sales.bodyMany': 'Fans unlocked your items {count} times. {total} is in your Kholo wallet.',
  'sales.more': '…and {count} more.',
  'sales.share': 'Share your link again where your fans are (your Instagram bio, WhatsApp status) to keep them coming.',
  'sales.action': 'Open your wallet',
  'sales.footnote': 'You get one email for a burst of sales, a couple of minutes apart at most.',
} as const;
