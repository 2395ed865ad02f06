import type { HindiOf } from '@kholo/contracts';
import type { withdrawalsEn } from './withdrawals.en.js';

export const withdrawalsHi: HindiOf<typeof withdrawalsEn> = {
  'withdrawals.action': 'अपना वॉलेट खोलें',
  'withdrawals.amount': 'रक़म: {amount}',
  'withdrawals.upiId': 'UPI ID: {upiId}',
  'withdrawals.id': 'निकासी ID: {id}',
  'withdrawals.reference': 'पेमेंट रेफ़रेंस: {reference}',
  'withdrawals.referenceUtr': 'पेमेंट रेफ़रेंस (UTR): {reference}',

  'withdrawals.requested.subject': 'निकासी का अनुरोध: {amount}, {upiId} पर',
  'withdrawals.requested.preview': 'हमें {amount} निकालने का आपका अनुरोध मिल गया है।',
  'withdrawals.requested.heading': 'निकासी का अनुरोध मिला',
  'withdrawals.requested.review':
    'हमें {amount} निकालने का आपका अनुरोध मिल गया है, पेमेंट {payee} को जाएगा। कुछ पेआउट भेजने से पहले हम जाँच करते हैं (पहला पेआउट, नई UPI ID, बड़ी रक़म); यह 24 घंटे के अंदर होता है, और फिर पेमेंट तुरंत भेज दिया जाता है।',
  'withdrawals.requested.manual':
    'हमें आपके Kholo वॉलेट से {amount} निकालने का अनुरोध मिल गया है, और हम यह रक़म आपकी UPI ID {upiId} पर भेजेंगे।',
  'withdrawals.requested.on': 'अनुरोध की तारीख़: {at}',
  'withdrawals.requested.footnote':
    'पेआउट भेजे जाने तक आप इसे अपने वॉलेट से रद्द कर सकते हैं। पेमेंट हो जाने पर हम आपको फिर ईमेल करेंगे। अगर यह निकासी आपने नहीं माँगी, तो तुरंत हमें लिखें और निकासी ID बताएँ।',

  'withdrawals.paid.subject': 'निकासी का पेमेंट हो गया: {amount}, {upiId} पर',
  'withdrawals.paid.preview': 'हमने {amount} {payee} को भेज दिए हैं।',
  'withdrawals.paid.heading': 'निकासी का पेमेंट हो गया',
  'withdrawals.paid.body': 'हमने {amount} {payee} को भेज दिए हैं।',
  'withdrawals.paid.on': 'पेमेंट की तारीख़: {at}',
  'withdrawals.paid.footnote':
    'आपके UPI ऐप में दिखने में थोड़ा समय लग सकता है। अगर 24 घंटे में पैसे न आएँ, तो हमें लिखें और UTR या निकासी ID बताएँ।',

  'withdrawals.rejected.subject': 'निकासी का पेमेंट नहीं हुआ: {amount} आपके वॉलेट में वापस',
  'withdrawals.rejected.preview': '{amount} की आपकी निकासी का पेमेंट नहीं हुआ; पैसे आपके वॉलेट में वापस आ गए हैं।',
  'withdrawals.rejected.heading': 'निकासी का पेमेंट नहीं हुआ',
  'withdrawals.rejected.body':
    'हम {amount} की आपकी निकासी {upiId} पर नहीं भेज सके, इसलिए {amount} आपके Kholo वॉलेट में वापस आ गए हैं।',
  'withdrawals.rejected.reason': 'कारण: {reason}',
  'withdrawals.rejected.on': 'फ़ैसले की तारीख़: {at}',
  'withdrawals.rejected.footnote': 'आप अपने वॉलेट से फिर से निकासी कर सकते हैं। कुछ समझ न आए, तो हमें लिखें और निकासी ID बताएँ।',

  'withdrawals.failed.subject': 'पेआउट नहीं हो पाया: {amount} आपके वॉलेट में वापस',
  'withdrawals.failed.preview': '{amount} का आपका पेआउट नहीं हो पाया; पैसे आपके वॉलेट में वापस आ गए हैं।',
  'withdrawals.failed.heading': 'पेआउट नहीं हो पाया',
  'withdrawals.failed.body':
    '{amount} का आपका पेआउट {payee} को नहीं पहुँच पाया, इसलिए {amount} आपके Kholo वॉलेट में वापस आ गए हैं।',
  'withdrawals.failed.on': 'तारीख़: {at}',
  'withdrawals.failedReason.refusedUpi':
    'आपके बैंक ने यह UPI ID नहीं मानी। वॉलेट में अपना पेआउट अकाउंट जाँचें (UPI ID अपने UPI ऐप से कॉपी करें), फिर दोबारा पैसे निकालें।',
  'withdrawals.failedReason.bankOffline':
    'आपके बैंक ने अभी पेमेंट नहीं लिया (हो सकता है वह ऑफ़लाइन हो)। पैसे आपके वॉलेट में वापस आ गए हैं; थोड़ी देर बाद दोबारा पैसे निकालें।',
  'withdrawals.failedReason.accountBlocked':
    'आपके बैंक खाते में अभी पैसे नहीं आ सकते (हो सकता है वह ब्लॉक या फ़्रीज़ हो)। अपने वॉलेट में कोई दूसरी UPI ID सेव करें और दोबारा पैसे निकालें।',
  'withdrawals.failedReason.other':
    'आपके बैंक को पेमेंट नहीं पहुँच पाया{detail}। पैसे आपके वॉलेट में वापस आ गए हैं; दोबारा पैसे निकालें, और ऐसा फिर हो तो हमें लिखें।',
  'withdrawals.failed.footnote': 'आपका कोई पैसा नहीं कटा। कुछ समझ न आए, तो हमें लिखें और निकासी ID बताएँ।',

  'withdrawals.reversed.subject': 'पेआउट लौट आया: {amount} आपके वॉलेट में वापस',
  'withdrawals.reversed.preview': 'आपके बैंक ने {amount} का पेआउट लौटा दिया; पैसे आपके वॉलेट में वापस आ गए हैं।',
  'withdrawals.reversed.heading': 'आपके बैंक ने पेआउट लौटा दिया',
  'withdrawals.reversed.body':
    'आपके बैंक ने {payee} को भेजा गया {amount} का पेआउट लौटा दिया, इसलिए {amount} आपके Kholo वॉलेट में वापस आ गए हैं।',
  'withdrawals.reversed.why':
    'आम तौर पर इसका मतलब है कि उस UPI ID से जुड़ा खाता अभी पैसे नहीं ले सकता (बंद है, रोका गया है या लिमिट से ऊपर है)। वॉलेट में अपना पेआउट अकाउंट जाँचें, फिर दोबारा निकासी करें।',
  'withdrawals.reversed.on': 'लौटने की तारीख़: {at}',
  'withdrawals.reversed.footnote': 'अगर आपको पैसे मिल गए थे, तो हमें लिखें और निकासी ID बताएँ।',

  'withdrawals.accountChanged.subject': 'आपका Kholo पेआउट अकाउंट बदल गया',
  'withdrawals.accountChanged.preview': 'अब आपके पेआउट {name} ({upiId}) को जाएँगे।',
  'withdrawals.accountChanged.heading': 'आपका पेआउट अकाउंट बदल गया',
  'withdrawals.accountChanged.body': 'अब आपके Kholo पेआउट {name} ({upiId}) को जाएँगे।',
  'withdrawals.accountChanged.on': 'बदलाव की तारीख़: {at}',
  'withdrawals.accountChanged.check':
    'आपके पैसे सुरक्षित रखने के लिए, बदले गए अकाउंट पर अगला पेआउट भेजने से पहले हम उसे जाँचते हैं (24 घंटे के अंदर)।',
  'withdrawals.accountChanged.footnote':
    'अगर यह बदलाव आपने नहीं किया, तो तुरंत हमें लिखें और अपना पासवर्ड बदलें: मामला सुलझने तक हम आपके पेआउट रोक कर रखेंगे।',
} as const;
