import type { HindiOf } from '../translate.js';
import type { policyConsentEn } from './policy-consent.en.js';

export const policyConsentHi: HindiOf<typeof policyConsentEn> = {
  'policyConsent.title': 'हमने अपने नियम और शर्तें तथा प्राइवेसी पॉलिसी बदली हैं',
  'policyConsent.failed': 'आपका जवाब सेव नहीं हो पाया। कृपया फिर से कोशिश करें।',
  'policyConsent.logOut': 'लॉग आउट',
  'policyConsent.reload': 'पेज दोबारा लोड करें',
  'policyConsent.saving': 'सेव हो रहा है...',
  'policyConsent.accept': 'मानें और आगे बढ़ें',
  'policyConsent.lead': 'Kholo इस्तेमाल करते रहने के लिए, कृपया पढ़ें कि क्या बदला है और नए वर्शन को मानें।',
  'policyConsent.whatChanged': 'क्या बदला है',
  'policyConsent.terms': 'नियम और शर्तें',
  'policyConsent.privacy': 'प्राइवेसी पॉलिसी',
  'policyConsent.updated': '{date} को बदला गया',
  'policyConsent.barRich': 'इन्हें यहाँ पढ़ें, फिर Kholo इस्तेमाल करते रहने के लिए मानें: {terms} और {privacy}।',
  'policyConsent.barTerms': 'नियम और शर्तें',
  'policyConsent.change1':
    'क्रिएटर्स के पेज पर आने वालों की गिनती हम ख़ुद करते हैं, बिना कुकीज़ या बाहरी सर्विस के, ताकि क्रिएटर्स देख सकें कि शेयर करने से क्या फ़ायदा हुआ।',
  'policyConsent.change2':
    'कोई भी किसी आइटम या क्रिएटर पेज की रिपोर्ट उसके रिपोर्ट बटन से कर सकता है; निजी तस्वीरों या न्यूडिटी की रिपोर्ट 2 घंटे के अंदर देखी जाती है।',
  'policyConsent.change3':
    'हर अपलोड के लिए क्रिएटर को पक्का करना होगा कि वह और दिखने वाले सभी लोग 18 साल या उससे बड़े हैं, वे दिखाए जाने के लिए राज़ी हैं, और अधिकार उसी के पास हैं।',
  'policyConsent.change4':
    'नियम तोड़ने पर कंटेंट हटाया जा सकता है या अकाउंट बंद हो सकता है; क्रिएटर किसी कंटेंट के हटाए जाने पर दोबारा जाँच की माँग कर सकती है।',
  'policyConsent.change5': 'शिकायतों की पावती 24 घंटे के अंदर मिलती है और 7 दिन के अंदर हल होती हैं।',
};
