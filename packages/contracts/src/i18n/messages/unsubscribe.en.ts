/**
 * /unsubscribe, where a reminder email's "Stop reminder emails" link lands. The link's problems
 * (EMAIL_LIST_MESSAGES) and the server's answers come through `tm`.
 */
export const unsubscribeEn = {
  'unsubscribe.title': 'Reminder emails · Kholo',
  'unsubscribe.askHeading': 'Stop reminder emails?',
  'unsubscribe.stoppedHeading': 'You will not get reminder emails any more.',
  'unsubscribe.startedHeading': 'Reminder emails are back on.',
  'unsubscribe.transactionalNote':
    'Receipts and refund emails are about your payments, so they keep coming whether or not you get reminders.',
  'unsubscribe.askBody':
    'We email you once, up to two days before your access to something you bought ends, so you can download it in time.',
  'unsubscribe.stopping': 'Stopping...',
  'unsubscribe.stop': 'Stop reminder emails',
  'unsubscribe.keep': 'Keep them',
  'unsubscribe.offNow': 'Reminders to {email} are off.',
  'unsubscribe.offAlready': 'Reminders to {email} were already off.',
  'unsubscribe.onNow': 'We will email {email} before your access to something you bought ends.',
  'unsubscribe.turningOn': 'Turning them on...',
  'unsubscribe.turnOn': 'Turn reminders back on',
  'unsubscribe.goHome': 'Go to Kholo',
  'unsubscribe.linkProblem': 'This link does not work',
  'unsubscribe.emailSupport': 'Email Kholo support',
} as const;
