/**
 * Every page's frame: the header (with the account menu), the footer, the skip link and the
 * language switch. Hindi as a Jaipur creator would say it; brand names stay as they are.
 */
const en = {
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
} as const;

const hi: Record<keyof typeof en, string> = {
  'site.skipToMain': 'सीधे मुख्य हिस्से पर जाएँ',
  'site.home': 'Kholo होम',
  'site.login': 'लॉग इन',
  'site.join': 'जुड़ें',
  'site.myPurchases': 'मेरी ख़रीदारी',
  'site.logout': 'लॉग आउट',
  'site.loggingOut': 'लॉग आउट हो रहा है...',
  'site.account.signedInAs': 'लॉग इन:',
  'site.account.startSelling': 'Kholo पर बेचना शुरू करें',
  'site.account.yourData': 'आपका डेटा',
  'site.account.setPassword': 'पासवर्ड बनाएँ',
  'site.account.passwordFormFailed': 'पासवर्ड वाला फ़ॉर्म नहीं खुल पाया',
  'site.account.checkConnection': 'अपना इंटरनेट देखें और फिर से कोशिश करें।',
  'site.notifications': 'सूचनाएँ',
  'site.dismissNotification': 'सूचना हटाएँ',
  'site.footer.about':
    'Kholo यानी “खोलो”। हम भारत के क्रिएटर्स को अपनी फ़ोटो और वीडियो उन फ़ैन्स के लिए खोलने में मदद करते हैं जो उनकी क़द्र करते हैं — दाम रुपये में, पेमेंट UPI, कार्ड और नेट बैंकिंग से।',
  'site.footer.policies': 'नीतियाँ',
  'site.footer.help': 'मदद',
  'site.footer.contact': 'हमसे संपर्क करें',
  'site.footer.grievance': 'शिकायत अधिकारी',
  'site.footer.copyright': '© {year} Kholo. सभी दाम भारतीय रुपये (₹) में हैं।',
  'site.footer.madeInIndia': 'भारत में बना, भारत के क्रिएटर्स के लिए।',
  'site.policy.shipping': 'शिपिंग नीति',
  'site.policy.terms': 'नियम और शर्तें',
  'site.policy.refunds': 'रद्द करना और रिफ़ंड',
  'site.policy.privacy': 'प्राइवेसी नीति',
};

export const siteMessages = { en, hi };
