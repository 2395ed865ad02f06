/** "2 days left — download now" (reminders): the items whose access ends soon. */
export const reminderEn = {
  'reminder.subjectTwoDays': '2 days left — download now',
  'reminder.subjectOneDay': 'Less than a day left — download now',
  'reminder.until': '{at} IST',
  'reminder.previewMany': 'Your access to {count} items ends soon. Download them to keep a copy.',
  'reminder.previewOne': 'Your access to “{title}” ends on {until}. Download it to keep a copy.',
  'reminder.headingMany': 'Your access ends soon',
  'reminder.headingOne': 'Download “{title}” before it locks',
  'reminder.bodyMany': 'Your access to these {count} items ends soon. Download what you want to keep before then:',
  'reminder.bodyOne': 'Your access to “{title}” by {creator} ends on {until}. Download it now to keep a copy.',
  'reminder.link': '“{title}” by {creator}, until {until}',
  'reminder.actionMany': 'See all your purchases',
  'reminder.actionOne': 'Download now',
  'reminder.footnote':
    'We remind you once, up to two days before your access to something you bought ends. Receipts and refund emails come whether or not you get reminders.',
  'reminder.unsubscribe': 'Stop reminder emails',
} as const;
