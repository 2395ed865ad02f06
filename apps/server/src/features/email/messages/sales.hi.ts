import type { HindiOf } from '@kholo/contracts';
import type { salesEn } from './sales.en.js';

export const salesHi: HindiOf<typeof salesEn> = {
  'sales.subjectOne': 'आपकी बिक्री हुई: “{title}”',
  'sales.subjectMany': '{count} नई बिक्री: {total} आपके वॉलेट में',
  'sales.previewOne': 'एक नई बिक्री से {total} आपके Kholo वॉलेट में आ गए हैं।',
  'sales.previewMany': '{count} नई बिक्री से {total} आपके Kholo वॉलेट में आ गए हैं।',
  'sales.headingOne': 'आपकी बिक्री हुई',
  'sales.headingMany': '{count} नई बिक्री',
  'sales.bodyOne': 'एक फ़ैन ने अभी आपका आइटम अनलॉक किया। {total} आपके Kholo वॉलेट में आ गए हैं।',
  'sales.bodyMany': 'फ़ैन्स ने आपके आइटम {count} बार अनलॉक किए। {total} आपके Kholo वॉलेट में आ गए हैं।',
  'sales.more': '…और {count} बाक़ी।',
  'sales.share': 'अपना लिंक फिर से वहाँ शेयर करें जहाँ आपके फ़ैन्स हैं (आपका इंस्टाग्राम बायो, व्हाट्सऐप स्टेटस), ताकि वे आते रहें।',
  'sales.action': 'अपना वॉलेट खोलें',
  'sales.footnote': 'कई बिक्री एक साथ हों, तो आपको एक ही ईमेल मिलता है, ज़्यादा से ज़्यादा कुछ मिनट के अंतर पर।',
} as const;
