/**
 * Every page's frame: the header (with the account menu), the footer, the skip link and the
 * language switch. Hindi as a Jaipur creator would say it; brand names stay as they are.
 */
export const siteEn = {
  'site.skipToMain': 'Skip to main content',
  'site.home': 'Kholo home',
  'site.login': 'Login',
  'site.join': 'Join Now',
  'site.myPurchases': 'My purchases',
  'site.logout': 'Logout',
  'site.loggingOut': 'Logging out...',
  'site.account.signedInAs': 'Signed in as',
  'site.account.startSelling': 'Start selling on Kholo',
  'site.account.yourData': 'Your data',
  'site.account.setPassword': 'Set a password',
  'site.account.passwordFormFailed': 'Could not open the password form',
  'site.account.checkConnection': 'Check your connection and try again.',
  'site.notifications': 'Notifications',
  'site.dismissNotification': 'Dismiss notification',
  'site.footer.about':
    'Kholo is Hindi for “open”. We help Indian creators open up their photos and videos to the fans who value them, priced in rupees and paid by UPI, cards and net banking.',
  'site.footer.policies': 'Policies',
  'site.footer.help': 'Help',
  'site.footer.contact': 'Contact Us',
  'site.footer.grievance': 'Grievance Officer',
  'site.footer.copyright': '© {year} Kholo. All prices are in Indian rupees (₹).',
  'site.footer.madeInIndia': 'Made in India, for Indian creators.',
  'site.policy.shipping': 'Shipping Policy',
  'site.policy.terms': 'Terms and Conditions',
  'site.policy.refunds': 'Cancellations and Refunds',
  'site.policy.privacy': 'Privacy Policy',
  'site.language.loadFailed': 'Could not switch the language. Check your connection and try again.',
  'site.error.title': 'Something went wrong · Kholo',
  'site.error.heading': 'Something went wrong',
  'site.error.body':
    'This page didn’t load properly. Reloading usually fixes it. If it keeps happening, please contact us.',
  'site.error.reload': 'Reload the page',
  'site.error.home': 'Go to the home page',
} as const;
