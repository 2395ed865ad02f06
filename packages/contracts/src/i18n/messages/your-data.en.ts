/**
 * Your data (/account/data, ADR 024): download everything, or delete the account. The rules'
 * messages (YOUR_DATA_MESSAGES, withdrawFirstMessage…) and the server's come through `tm`.
 */
export const yourDataEn = {
  'yourData.title': 'Your data · Kholo',
  'yourData.heading': 'Your data',
  'yourData.loading': 'Loading your account…',
  'yourData.signedInRich': 'Signed in as {email}. Read how we use your data in our {privacy}.',
  'yourData.privacy': 'Privacy Policy',
  'yourData.downloadHeading': 'Download my data',
  'yourData.downloadBodyCreator':
    'One file (JSON) with your account, your page, your uploads (their details, not the files), your wallet, payouts, your purchases and access, refunds and reports, the policies you accepted, your email settings, and who else receives your data.',
  'yourData.downloadBodyFan':
    'One file (JSON) with your account, your purchases and access, refunds and reports, the policies you accepted, your email settings, and who else receives your data.',
  'yourData.deleteHeading': 'Delete my account',
  'yourData.deleteBodyCreator':
    'Your account and what names you are erased. Your page and items leave Kholo; fans keep what they bought until their access ends. We keep only what the law requires, without your name or email.',
  'yourData.deleteBodyFan':
    'Your account and what names you are erased. We keep only what the law requires, without your name or email.',
  'yourData.signedOut': 'Log in to download your data or delete your account.',
  'yourData.logIn': 'Log in',
  'yourData.dialogTitle': 'Delete your account?',
  'yourData.dialogLead': 'This cannot be undone. Download your data first if you want a copy.',
  'yourData.loggedOutEverywhere': 'You are logged out everywhere, and nobody can log in to this account again.',
  'yourData.pageLeaves':
    'Your page and every item on it leave public view at once. Fans who bought an item keep their access until their {days} days end.',
  'yourData.erasedCreator':
    'Your name, email address, password, bio, photo and payout details and email settings are erased.',
  'yourData.erasedFan': 'Your name, email address, password and email settings are erased.',
  'yourData.keptCreator':
    'Kholo keeps the records tax and accounting law requires (orders, payments, refunds, payouts and the ledger), without your name or email.',
  'yourData.keptFan':
    'Kholo keeps the records tax and accounting law requires (orders, payments, refunds and the ledger), without your name or email.',
  'yourData.whatStays': 'What stays, and why',
  'yourData.withdrawFirst':
    'Withdraw your {balance} first: your wallet holds at least the {minimum} minimum withdrawal. Then come back to delete your account.',
  'yourData.giveUp':
    'I give up the {balance} in my wallet. It is below the {minimum} minimum withdrawal, so it cannot be paid out.',
  'yourData.confirmLabel': 'Type your email address to confirm',
  'yourData.confirmHint': 'The address you log in with: {email}',
  'yourData.deleting': 'Deleting...',
} as const;
