import type { HindiOf } from '../translate.js';
import type { siteEn } from './site.en.js';

export const siteHi: HindiOf<typeof siteEn> = {
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
  'site.language.loadFailed': 'भाषा नहीं बदल पाए। अपना इंटरनेट कनेक्शन जाँचें और फिर से कोशिश करें।',
};
