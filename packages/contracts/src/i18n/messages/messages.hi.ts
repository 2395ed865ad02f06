import type { HindiOf } from '../translate.js';
import type { messagesEn } from './messages.en.js';

export const messagesHi: HindiOf<typeof messagesEn> = {
  'messages.content.fillAllFields': 'कृपया सभी फ़ील्ड भरें और एक फ़ाइल चुनें।',
  'messages.content.fileTooLarge': 'फ़ाइल 50MB की सीमा से बड़ी है।',
  'messages.content.onlyImageOrVideo': 'सिर्फ़ फ़ोटो और वीडियो फ़ाइलें ही चलेंगी।',
  'messages.content.uploadFailed': 'अपलोड नहीं हो पाया।',
  'messages.content.uploadSuccessful': 'अपलोड हो गया!',
  'messages.content.onlyImages': 'सिर्फ़ फ़ोटो फ़ाइलें ही चलेंगी',
  'messages.content.avatarFailed': 'प्रोफ़ाइल फ़ोटो अपलोड नहीं हो पाई',
  'messages.content.profileFailed': 'प्रोफ़ाइल अपडेट नहीं हो पाई',
  'messages.content.unlocksFailed': 'अनलॉक की जानकारी नहीं मिल पाई',
  'messages.content.noMediaToDownload': 'डाउनलोड के लिए कोई मीडिया फ़ाइल नहीं है',
  'messages.content.downloadFailed': 'डाउनलोड नहीं हो पाया',
  'messages.content.unableToDownload': 'फ़ाइल डाउनलोड नहीं हो पा रही',
  'messages.content.contentNotFound': 'यह कंटेंट नहीं मिला।',
  'messages.content.contentLocked': 'आपने अभी यह कंटेंट अनलॉक नहीं किया है। देखने के लिए इसे ख़रीदें।',
  'messages.content.defaultBio': 'Kholo पर क्रिएटर',
  'messages.content.loginToSeeMore': 'और देखने के लिए लॉग इन करें',
  'messages.content.locked': 'लॉक है',
  'messages.content.videoError': 'वीडियो में दिक़्क़त',
  'messages.content.purchasedContent': 'आपका ख़रीदा हुआ कंटेंट',
};
