import type { HindiOf } from '../translate.js';
import type { landingEn } from './landing.en.js';

export const landingHi: HindiOf<typeof landingEn> = {
  'landing.title': 'Kholo — अपनी फ़ोटो और वीडियो बेचें',
  'landing.description':
    'Kholo पर भारत के क्रिएटर्स अपनी फ़ोटो और वीडियो का 14 दिन का ऐक्सेस बेचते हैं, दाम ख़ुद रुपये में तय करते हैं। फ़ैन्स UPI, कार्ड या नेट बैंकिंग से पेमेंट करते हैं। कोई महीने की फ़ीस नहीं, UPI पर तुरंत पैसा।',
  'landing.hero.eyebrow': 'भारत के क्रिएटर्स के लिए · कमाई ₹ में',
  'landing.hero.titleAccessible': 'अपनी फ़ोटो और वीडियो से कमाई करें',
  'landing.hero.titleStart': 'अब',
  'landing.hero.titleEnd': 'से कमाई करें।',
  'landing.hero.tagline1': 'अपनी फ़ोटो',
  'landing.hero.tagline2': 'अपने वीडियो',
  'landing.hero.tagline3': 'अपनी रील्स',
  'landing.hero.tagline4': 'अपनी कला',
  'landing.hero.tagline5': 'अपनी रेसिपी',
  'landing.hero.lead':
    'अपनी फ़ोटो और वीडियो का {days} दिन का ऐक्सेस बेचें, दाम आप ख़ुद रुपये में तय करें। फ़ैन्स UPI, कार्ड या नेट बैंकिंग से पेमेंट करते हैं। कोई महीने की फ़ीस नहीं, हर अनलॉक पर बस छोटी-सी प्लैटफ़ॉर्म फ़ीस, और {payoutClause}',
  'landing.hero.startSelling': 'बेचना शुरू करें',
  'landing.hero.howItWorks': 'Kholo कैसे काम करता है',
  'landing.hero.noMonthlyFees': 'कोई महीने की फ़ीस नहीं',
  'landing.hero.paymentMethods': 'UPI, कार्ड और नेट बैंकिंग',
  'landing.preview.bio': 'घूमना और खाना · जयपुर',
  'landing.preview.posts': '{count} पोस्ट',
  'landing.preview.unlocked': 'अनलॉक ({days} दिन बाक़ी)',
  'landing.preview.unlockFor': '{price} में अनलॉक करें',
  'landing.preview.copy': 'कॉपी',
  'landing.payout.auto.highlight': 'UPI पर पैसा, अक्सर एक मिनट के अंदर',
  'landing.payout.auto.heroClause': 'आपकी वेरिफ़ाइड UPI ID पर तुरंत पैसा, अक्सर एक मिनट के अंदर।',
  'landing.payout.auto.benefitTitle': 'UPI पर तुरंत पैसा',
  'landing.payout.auto.benefitBody':
    'आपकी वेरिफ़ाइड UPI ID पर पैसा अक्सर एक मिनट के अंदर पहुँच जाता है। आपका पहला पेआउट, और पेआउट अकाउंट बदलने के बाद वाला पहला पेआउट, हम 24 घंटे के अंदर जाँचते हैं।',
  'landing.payout.auto.faqAfterMinimum':
    'अपनी सेव की हुई UPI ID पर पैसे निकालने की रिक्वेस्ट करें (हम पहले आपके बैंक से उसे जाँच लेते हैं)। पैसा अक्सर एक मिनट के अंदर पहुँच जाता है; आपका पहला पेआउट, और पेआउट अकाउंट बदलने के बाद वाला पहला पेआउट, हम 24 घंटे के अंदर जाँचते हैं। महीने के आख़िर तक रुकने की ज़रूरत नहीं।',
  'landing.payout.auto.previewNote': 'एक मिनट में UPI पर पैसा पहुँचा',
  'landing.payout.manual.highlight': 'UPI पर पैसा, अक्सर 24 घंटे के अंदर',
  'landing.payout.manual.heroClause': 'आपकी UPI ID पर पैसा, अक्सर 24 घंटे के अंदर।',
  'landing.payout.manual.benefitTitle': 'UPI पर पैसा',
  'landing.payout.manual.benefitBody':
    'पैसे निकालने की रिक्वेस्ट करें, हमारी टीम अक्सर 24 घंटे के अंदर आपकी UPI ID पर भेज देती है। महीने के आख़िर के हिसाब का इंतज़ार नहीं।',
  'landing.payout.manual.faqAfterMinimum':
    'अपनी UPI ID पर पैसे निकालने की रिक्वेस्ट करें, हमारी टीम अक्सर 24 घंटे के अंदर भेज देती है। महीने के आख़िर तक रुकने की ज़रूरत नहीं।',
  'landing.payout.manual.previewNote': 'UPI पर पैसा भेजा गया',
  'landing.how.eyebrow': 'तीन आसान क़दम',
  'landing.how.title': 'यह कैसे काम करता है',
  'landing.how.lead': 'फ़ोन की गैलरी से सीधे आपकी UPI ID तक, बिना किसी महीने के बिल के।',
  'landing.how.step': 'क़दम {number}: ',
  'landing.how.createTitle': 'अपना क्रिएटर पेज बनाएँ',
  'landing.how.createBodyRich':
    'ईमेल से साइन अप करें और अपना नाम चुनें। आपको एक लिंक मिलता है, {link}, जिसे आप Instagram, YouTube या WhatsApp पर शेयर कर सकते हैं।',
  'landing.how.yourName': 'aapkanaam',
  'landing.how.uploadTitle': 'अपलोड करें और दाम तय करें',
  'landing.how.uploadBody':
    'फ़ोटो या वीडियो डालें (हर एक {megabytes} MB तक), साथ में टाइटल, छोटा-सा विवरण और रुपये में दाम। किसकी क्या क़ीमत है, यह आप तय करते हैं।',
  'landing.how.paidTitle': 'फ़ैन्स अनलॉक करें, आपकी कमाई हो',
  'landing.how.paidBody':
    'फ़ैन्स UPI, कार्ड या नेट बैंकिंग से पेमेंट करते हैं और उन्हें {days} दिन का ऐक्सेस मिलता है। आपकी कमाई आपके Kholo वॉलेट में आ जाती है, UPI पर निकालने के लिए तैयार।',
  'landing.benefits.eyebrow': 'Kholo क्यों',
  'landing.benefits.title': 'क्रिएटर्स Kholo क्यों चुनते हैं',
  'landing.benefits.lead':
    'भारत के क्रिएटर्स जैसे सच में कमाते हैं, उसी हिसाब से बना: सीधे-सादे दाम, जाने-पहचाने पेमेंट, और पैसा जल्दी आपके खाते में।',
  'landing.benefits.noFeesTitle': 'कोई महीने की फ़ीस नहीं',
  'landing.benefits.noFeesBody':
    'न सब्सक्रिप्शन, न लिस्टिंग का चार्ज। साइन अप और अपलोड मुफ़्त, जब तक कमाई न हो तब तक कुछ नहीं देना।',
  'landing.benefits.feeTitle': 'बस छोटी-सी प्लैटफ़ॉर्म फ़ीस',
  'landing.benefits.feeBody':
    'जब भी कोई फ़ैन आपका काम अनलॉक करता है, हम छोटी-सी प्लैटफ़ॉर्म फ़ीस रखते हैं। हर बिक्री का बाक़ी पैसा आपका।',
  'landing.benefits.payTitle': 'फ़ैन्स अपने तरीक़े से पेमेंट करें',
  'landing.benefits.payBody': 'UPI, डेबिट और क्रेडिट कार्ड, और नेट बैंकिंग: वही तरीक़े जिनसे आपके फ़ैन्स पहले से पेमेंट करते हैं, सब रुपये में।',
  'landing.benefits.priceTitle': 'दाम आप तय करें',
  'landing.benefits.priceBody':
    'हर फ़ोटो या वीडियो का दाम ₹ में रखें, कम से कम {minPrice} से। हर अनलॉक पर फ़ैन को {days} दिन का ऐक्सेस मिलता है।',
  'landing.benefits.protectTitle': 'आपकी असली फ़ाइलें सुरक्षित',
  'landing.benefits.protectBody':
    'जब तक फ़ैन पेमेंट नहीं करता, उसे बस धुंधली झलक दिखती है। आपकी असली फ़ाइल किसी ऐसे इंसान तक नहीं पहुँचती जिसने उसे अनलॉक नहीं किया।',
  'landing.faq.eyebrow': 'सवाल',
  'landing.faq.title': 'अक्सर पूछे जाने वाले सवाल',
  'landing.faq.lead': 'फ़ीस, पेमेंट और आप क्या बेच सकते हैं — सीधे जवाब।',
  'landing.faq.costQuestion': 'क्या बेचना शुरू करने में कोई ख़र्च है?',
  'landing.faq.costAnswer':
    'नहीं। न महीने की फ़ीस है, न साइन अप या लिस्टिंग का कोई चार्ज। जब कोई फ़ैन आपकी पोस्ट की हुई चीज़ अनलॉक करता है, Kholo बस छोटी-सी प्लैटफ़ॉर्म फ़ीस रखता है; उस बिक्री का बाक़ी सब आपका।',
  'landing.faq.fansQuestion': 'फ़ैन्स पेमेंट कैसे करते हैं, और ऐक्सेस कितने दिन रहता है?',
  'landing.faq.fansAnswer':
    'फ़ैन्स आपका तय किया दाम रुपये में देते हैं: किसी भी UPI ऐप से (लैपटॉप पर UPI QR से), डेबिट या क्रेडिट कार्ड से, या नेट बैंकिंग से, बस अपने ईमेल के साथ — पहले कोई पासवर्ड बनाने की ज़रूरत नहीं। हर अनलॉक पर पेमेंट के समय से {days} दिन का ऐक्सेस मिलता है, और ख़त्म होने से दो दिन पहले हम ईमेल से याद दिला देते हैं (अगर उन्होंने रिमाइंडर बंद न किए हों)। कुछ भी अपने-आप रिन्यू नहीं होता: {days} दिन बाद चीज़ फिर से लॉक हो जाती है, और चाहें तो वे उसे दोबारा अनलॉक कर सकते हैं।',
  'landing.faq.payoutsQuestion': 'मुझे पैसा कैसे और कब मिलता है?',
  'landing.faq.payoutsAnswer':
    'हर अनलॉक की कमाई उसी वक़्त आपके Kholo वॉलेट में जुड़ जाती है। बैलेंस {minimum} होते ही {afterMinimum}',
  'landing.faq.contentQuestion': 'मैं क्या अपलोड कर सकता/सकती हूँ? क्या 18+ कंटेंट चलेगा?',
  'landing.faq.contentAnswer':
    'ऐसी फ़ोटो और वीडियो जो आपने बनाई हों या जिन्हें बेचने का हक़ आपके पास हो, हर एक {megabytes} MB तक। बड़ों वाला कंटेंट, जैसे हॉरर, ख़ून-ख़राबा या कड़ी भाषा, 18+ मार्क करने पर चलता है, ताकि उसे सिर्फ़ वही बड़े देखें जो अपनी उम्र कन्फ़र्म करें।',
  'landing.faq.contentRulesRich': 'सेक्शुअल या अश्लील इशारों वाला कंटेंट Kholo पर कभी नहीं चलता, 18+ लेबल के साथ भी नहीं। {link}।',
  'landing.faq.contentRulesLink': 'कंटेंट के हमारे नियम पढ़ें',
  'landing.faq.refundsQuestion': 'अगर किसी फ़ैन को ख़रीदारी में दिक़्क़त हो तो?',
  'landing.faq.refundsAnswerRich':
    'हर बिक्री फ़ाइनल है, लेकिन अगर कुछ गड़बड़ हो, जैसे कंटेंट न खुले या ग़लती से ख़रीद हो जाए, तो फ़ैन {hours} घंटे के अंदर हमारी सपोर्ट टीम से बात कर सकता है और हम मामला सुलझा देंगे। {link}।',
  'landing.faq.refundsLink': 'रिफ़ंड की पूरी नीति पढ़ें',
  'landing.start.eyebrow': 'शुरू करें',
  'landing.start.title': 'अपना काम खोलने के लिए तैयार?',
  'landing.start.lead': 'क्रिएटर पेज बनाने में करीब दो मिनट लगते हैं। बस इतना चाहिए:',
  'landing.start.need1': 'आपका नाम, ईमेल और एक पासवर्ड',
  'landing.start.need2': 'एक फ़ोटो या वीडियो जो आप बेचना चाहें',
  'landing.start.need3': 'एक UPI ID और आपका PAN, जब आप पैसे निकालना चाहें',
  'landing.start.create': 'अपना क्रिएटर अकाउंट बनाएँ',
  'landing.start.login': 'मेरा अकाउंट पहले से है',
  'landing.start.talkTitle': 'किसी इंसान से बात करें',
  'landing.start.talkBody': 'शुरू करने से पहले कोई सवाल, या पेमेंट में अटक गए? हमारी सपोर्ट टीम ईमेल पर मदद के लिए है।',
  'landing.start.talkBodyWithPhone':
    'शुरू करने से पहले कोई सवाल, या पेमेंट में अटक गए? हमारी सपोर्ट टीम ईमेल या फ़ोन पर मदद के लिए है।',
  'landing.start.message': 'हमें मैसेज भेजें',
};
