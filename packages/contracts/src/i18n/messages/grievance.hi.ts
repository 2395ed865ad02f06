import type { HindiOf } from '../translate.js';
import type { grievanceEn } from './grievance.en.js';

export const grievanceHi: HindiOf<typeof grievanceEn> = {
  'grievance.topic.content': 'Kholo पर कोई कंटेंट',
  'grievance.topic.account': 'मेरा अकाउंट',
  'grievance.topic.payment': 'कोई पेमेंट या रिफ़ंड',
  'grievance.topic.privacy': 'मेरा निजी डेटा',
  'grievance.topic.other': 'कुछ और',
  'grievance.title': 'शिकायत अधिकारी · Kholo',
  'grievance.description':
    'आईटी नियम, 2021 के तहत Kholo के शिकायत अधिकारी: किसे लिखें, हम कितनी जल्दी जवाब देते हैं, और अपील कैसे करें।',
  'grievance.sampleStrong': 'सैंपल जानकारी: चलाने वाले ने अभी शिकायत अधिकारी की जानकारी सेट नहीं की है।',
  'grievance.sampleRich': '{names} सेट करें; इनके बिना प्रोडक्शन शुरू नहीं होगा।',
  'grievance.eyebrow': 'शिकायतें',
  'grievance.heading': 'शिकायत अधिकारी',
  'grievance.lead':
    'Kholo के किसी कंटेंट, अपने अकाउंट, किसी पेमेंट या अपने निजी डेटा के बारे में शिकायत है? हमारे शिकायत अधिकारी को लिखें। हर शिकायत की पावती हम तुरंत ईमेल से भेजते हैं, ज़्यादा से ज़्यादा {acknowledge} के अंदर, और {resolve} के अंदर उसे हल करते हैं।',
  'grievance.formTitle': 'शिकायत अधिकारी को लिखें',
  'grievance.formLead':
    'लिंक के अलावा सभी ख़ाने भरना ज़रूरी है। किसी आइटम या क्रिएटर पेज को हटवाना हो, तो उसी पेज का रिपोर्ट बटन ज़्यादा जल्दी काम करता है (नीचे देखें)।',
  'grievance.howQuickly': 'हम कितनी जल्दी कार्रवाई करते हैं',
  'grievance.within': '{time} के अंदर',
  'grievance.reportsMarked': 'इन वजहों वाली रिपोर्ट: {reasons}',
  'grievance.listOr': '{list} या {last}',
  'grievance.hidden': 'रिपोर्ट होते ही, जब तक हम देख रहे हैं, आइटम या पेज सबसे छिपा दिया जाता है।',
  'grievance.everyOther': 'बाक़ी सभी शिकायतें',
  'grievance.acknowledged': 'भेजते ही ईमेल से पावती, ज़्यादा से ज़्यादा {acknowledge} के अंदर, और उसके बाद {resolve} के अंदर हल।',
  'grievance.reportButtonTitle': 'रिपोर्ट बटन',
  'grievance.reportButtonBody':
    'कोई भी, अकाउंट हो या न हो, किसी आइटम या क्रिएटर पेज की रिपोर्ट कर सकता है: आइटम के पेज या क्रिएटर के पेज पर रिपोर्ट बटन दबाएँ और चुनें कि क्या गड़बड़ है। निजी तस्वीरों, न्यूडिटी या किसी और के नाम से बने अकाउंट की रिपोर्ट पर {urgent} के अंदर फ़ैसला होता है।',
  'grievance.appealTitle': 'हमारे फ़ैसले से संतुष्ट नहीं हैं?',
  'grievance.appealRich':
    'आप हमारे फ़ैसले के 30 दिन के अंदर भारत सरकार की बनाई शिकायत अपील समिति में {gac} पर अपील कर सकते हैं। Kholo पर क्या चल सकता है, यह हमारे {terms} में लिखा है, और आपका डेटा हम कैसे संभालते हैं, यह हमारी {privacy} में।',
  'grievance.terms': 'नियम और शर्तों',
  'grievance.privacy': 'प्राइवेसी नीति',
  'grievance.hours': '{count} घंटे',
  'grievance.days': '{count} दिन',
  'grievance.officerTitle': 'शिकायत अधिकारी',
  'grievance.companyTitle': 'Kholo कौन चलाता है',
  'grievance.topicLegend': 'आपकी शिकायत किस बारे में है?',
  'grievance.whatHappened': 'क्या हुआ?',
  'grievance.characters': '{count} / {max} अक्षर',
  'grievance.linkLabel': 'लिंक (ज़रूरी नहीं)',
  'grievance.linkHint': 'जिस आइटम, क्रिएटर पेज या रसीद के बारे में शिकायत है, उसका लिंक, अगर हो।',
  'grievance.send': 'शिकायत भेजें',
  'grievance.sendNote': 'हम आपको तुरंत एक टिकट नंबर ईमेल करते हैं।',
  'grievance.failed': 'आपकी शिकायत नहीं भेज पाए। कृपया फिर से कोशिश करें।',
  'grievance.received': 'शिकायत मिल गई',
  'grievance.yourTicket': 'आपका टिकट नंबर',
  'grievance.emailedRich': 'हमने इस नंबर के साथ पावती आपको {email} पर ईमेल कर दी है।',
  'grievance.resolveByRich': 'हमारे शिकायत अधिकारी {date} तक आपकी शिकायत हल करेंगे, और नतीजा आपको लिखकर बताएँगे।',
  'grievance.another': 'एक और शिकायत लिखें',
};
