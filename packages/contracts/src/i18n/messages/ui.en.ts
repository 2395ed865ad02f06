/**
 * The shared interface (apps/web/src/components and lib): buttons' own words, dialogs' Close and
 * Cancel, the retry alert, sharing and the QR code, and the two errors the web itself gives when
 * the API cannot answer (lib/api-error.ts keeps the same English, checked by its test).
 */
export const uiEn = {
  'ui.tryAgain': 'Try again',
  'ui.tryingAgain': 'Trying again...',
  'ui.networkError': 'Could not reach Kholo. Check your connection and try again.',
  'ui.unexpectedError': 'Something went wrong on our side. Please try again.',
  'ui.loading': 'Loading…',
  'ui.sending': 'Sending...',
  'ui.close': 'Close',
  'ui.cancel': 'Cancel',
  'ui.done': 'Done',
  'ui.name': 'Name',
  'ui.email': 'Email',
  'ui.showPassword': 'Show password',
  'ui.policyAgreement': 'By continuing you agree to the {terms} and the {privacy}.',
  'ui.terms': 'Terms',
  'ui.privacyPolicy': 'Privacy Policy',
  'ui.opensInNewTab': '(opens in a new tab)',
  'ui.share.share': 'Share',
  'ui.share.shareSubject': 'Share “{subject}”',
  'ui.share.whatsappSubject': 'Share “{subject}” on WhatsApp',
  'ui.share.copyLink': 'Copy link',
  'ui.share.copyLinkSubject': 'Copy the link to “{subject}”',
  'ui.share.copied': 'Copied',
  'ui.share.linkCopied': 'Link copied',
  'ui.share.copyFailed': 'Could not copy the link',
  'ui.share.shareFailed': 'Could not open sharing',
  'ui.share.copyInstead': 'Copy the link instead.',
  'ui.share.profileMessage': '{name} is on Kholo — unlock photos and videos here: {link}',
  'ui.share.itemMessage': 'New on Kholo: {title} by {name} — unlock it here: {link}',
  'ui.qr.title': 'Your QR code',
  'ui.qr.description':
    'Print it for your stall, shop counter or event: fans scan it with their phone camera to open your page.',
  'ui.qr.alt': 'QR code that opens {url}',
  'ui.qr.making': 'Making your QR code…',
  'ui.qr.failed': 'We couldn’t make the QR code in this browser. Try another browser, or share your link.',
  'ui.qr.download': 'Download PNG for printing',
  'ui.qr.caption': 'Scan to unlock my photos and videos on Kholo',
} as const;
