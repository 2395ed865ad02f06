import type { HindiOf } from '../translate.js';
import type { contactEn } from './contact.en.js';

export const contactHi: HindiOf<typeof contactEn> = {
  'contact.title': 'हमसे संपर्क करें · Kholo',
  'contact.description': 'पेमेंट, अनलॉक, पेआउट या अपने अकाउंट के बारे में Kholo की सपोर्ट टीम को लिखें।',
  'contact.eyebrow': 'सपोर्ट',
  'contact.heading': 'हमसे संपर्क करें',
  'contact.lead': 'बेचने, पेमेंट या रिफ़ंड के बारे में कोई सवाल है? हमें मैसेज भेजें, Kholo टीम का कोई असली इंसान आपको ईमेल से जवाब देगा।',
  'contact.formTitle': 'हमें लिखें',
  'contact.allRequired': 'सभी ख़ाने भरना ज़रूरी है।',
  'contact.otherWays': 'हम तक पहुँचने के और तरीक़े',
  'contact.directTitle': 'सीधे हमसे बात करें',
  'contact.directEmailOrCall': 'किसी भी ईमेल ऐप से हमें लिखें, या फ़ोन करें।',
  'contact.directEmail': 'किसी भी ईमेल ऐप से हमें लिखें।',
  'contact.purchaseTitle': 'ख़रीदारी में कोई दिक़्क़त?',
  'contact.purchaseBody':
    'पेमेंट के {hours} घंटे के अंदर हमें बताएँ, और जिस ईमेल से पेमेंट किया था वह और अपनी ऑर्डर ID (अगर हो) ज़रूर लिखें।',
  'contact.refundsLink': 'रिफ़ंड कैसे मिलता है',
  'contact.reportTitle': 'कंटेंट की रिपोर्ट या शिकायत',
  'contact.reportBody':
    'आइटम या क्रिएटर पेज पर रिपोर्ट बटन इस्तेमाल करें: न्यूडिटी, निजी तस्वीरों या किसी और के नाम से बने अकाउंट की रिपोर्ट पर {urgent} के अंदर फ़ैसला होता है। बाक़ी किसी भी बात के लिए हमारे शिकायत अधिकारी को लिखें; हम हर शिकायत तुरंत दर्ज करते हैं और {grievance} के अंदर हल करते हैं।',
  'contact.grievanceLink': 'शिकायत अधिकारी',
  'contact.message': 'मैसेज',
  'contact.characters': '{count} / {max} अक्षर',
  'contact.send': 'मैसेज भेजें',
  'contact.note': 'आप जो ईमेल पता देंगे, हम उसी पर जवाब देंगे।',
  'contact.sent': 'मैसेज चला गया! हम जल्दी ही आपके ईमेल पर जवाब देंगे।',
  'contact.failed': 'आपका मैसेज नहीं भेज पाए। कृपया फिर से कोशिश करें।',
};
