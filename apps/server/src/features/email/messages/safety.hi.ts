import type { HindiOf } from '@kholo/contracts';
import type { safetyEn } from './safety.en.js';

export const safetyHi: HindiOf<typeof safetyEn> = {
  'safety.grievanceOfficer': 'शिकायत अधिकारी',
  'safety.seeItems': 'अपने आइटम देखें',

  'safety.reason.nudity': 'सेक्शुअल कंटेंट या न्यूडिटी',
  'safety.reason.intimate_images': 'बिना इजाज़त शेयर की गई निजी तस्वीरें',
  'safety.reason.child_safety': 'बच्चों की सुरक्षा',
  'safety.reason.impersonation': 'किसी और के नाम से बना अकाउंट या डीपफ़ेक',
  'safety.reason.copyright': 'कॉपीराइट या चोरी किया गया कंटेंट',
  'safety.reason.violence_hate_harassment': 'हिंसा, नफ़रत या परेशान करना',
  'safety.reason.scam_fraud': 'स्कैम या धोखाधड़ी',
  'safety.reason.other': 'कुछ और',
  'safety.lane.urgent': '2 घंटे',
  'safety.lane.unlawful': '36 घंटे',
  'safety.lane.grievance': '7 दिन',
  'safety.topic.content': 'Kholo पर कोई कंटेंट',
  'safety.topic.account': 'मेरा अकाउंट',
  'safety.topic.payment': 'कोई पेमेंट या रिफ़ंड',
  'safety.topic.privacy': 'मेरा निजी डेटा',
  'safety.topic.other': 'कुछ और',
  'safety.thing.item': '{creator} का “{title}”',
  'safety.thing.page': '{name} का पेज',
  'safety.thing.unknown': 'यह आइटम',

  'safety.reportReceived.subject': 'हमें आपकी रिपोर्ट मिल गई है ({ticket})',
  'safety.reportReceived.preview': 'हम {lane} के अंदर फ़ैसला करेंगे।',
  'safety.reportReceived.heading': 'रिपोर्ट करने के लिए धन्यवाद',
  'safety.reportReceived.body': 'हमें {thing} के बारे में “{reason}” की आपकी रिपोर्ट मिल गई है। आपका टिकट नंबर {ticket} है।',
  'safety.reportReceived.decide':
    'हम इसकी जाँच करके {at} तक ({lane} के अंदर) फ़ैसला करेंगे, और आपको ईमेल से बताएँगे कि हमने क्या किया।',
  'safety.reportReceived.held': 'जाँच पूरी होने तक यह आइटम सबसे छिपा रहेगा।',
  'safety.reportReceived.appeal': 'अगर आप हमारे फ़ैसले से संतुष्ट नहीं हैं, तो हमारे शिकायत अधिकारी को लिख सकते हैं।',

  'safety.urgent.subject': 'ज़रूरी रिपोर्ट {ticket}: {at} तक फ़ैसला करें',
  'safety.urgent.heading': '2 घंटे वाली श्रेणी की एक रिपोर्ट',
  'safety.urgent.body': '{thing} की “{reason}” के लिए रिपोर्ट हुई है। क़ानून शिकायत से दो घंटे देता है: {at} तक फ़ैसला करें।',
  'safety.urgent.held': 'फ़ैसले तक यह आइटम सबसे छिपा है।',
  'safety.urgent.inView':
    'यह अभी भी दिख रहा है: रिपोर्ट पर कोई पेज रोका नहीं जाता, और हाल ही में आपके सही ठहराए आइटम को फिर से नहीं रोका जाता।',
  'safety.urgent.action': 'रिपोर्ट्स टैब खोलें',

  'safety.underReview.subject': '“{title}” की जाँच चल रही है',
  'safety.underReview.preview': 'एक रिपोर्ट की जाँच होने तक यह छिपा है।',
  'safety.underReview.heading': 'आपके एक आइटम की जाँच चल रही है',
  'safety.underReview.body':
    'किसी ने “{title}” की “{reason}” के लिए रिपोर्ट की है। भारत के IT नियमों के तहत हमें ऐसी रिपोर्ट पर जल्दी कार्रवाई करनी होती है, इसलिए जाँच पूरी होने तक यह आइटम सबसे छिपा रहेगा। हम {at} तक फ़ैसला करेंगे।',
  'safety.underReview.next':
    'अगर रिपोर्ट ग़लत निकली, तो आइटम पहले जैसा वापस आ जाएगा और हम आपको बताएँगे। अभी आपको कुछ करने की ज़रूरत नहीं है।',

  'safety.removed.subject': '“{title}” हटा दिया गया',
  'safety.removed.preview': 'वजह: {reason}',
  'safety.removed.heading': 'हमने आपका एक आइटम हटा दिया है',
  'safety.removed.body': 'एक रिपोर्ट की जाँच के बाद, हमने “{title}” को Kholo से हटा दिया है। वजह: {reason}',
  'safety.removed.refundedOne':
    'जिस फ़ैन का ऐक्सेस अभी चल रहा था, उसे रिफ़ंड कर दिया गया है, और आपके वॉलेट में यह वापसी दिख रही है।',
  'safety.removed.refundedMany':
    'जिन {count} फ़ैन्स का ऐक्सेस अभी चल रहा था, उन्हें रिफ़ंड कर दिया गया है, और आपके वॉलेट में यह वापसी दिख रही है।',
  'safety.removed.review':
    'अगर आपको लगता है कि यह ग़लती है, तो अपना डैशबोर्ड खोलें और आइटम पर “दोबारा विचार की माँग करें” चुनकर अपनी बात लिखें।',
  'safety.removed.action': 'दोबारा विचार की माँग करें',

  'safety.restored.subject': '“{title}” फिर से Kholo पर है',
  'safety.restored.previewReview': 'हमने आपके अनुरोध की जाँच की और इसे वापस ला दिया।',
  'safety.restored.previewReport': 'रिपोर्ट सही नहीं पाई गई।',
  'safety.restored.heading': 'आपका आइटम वापस आ गया है',
  'safety.restored.bodyReview': 'हमने आपके अनुरोध की जाँच की और “{title}” को वापस ला दिया। यह फिर से आपके पेज पर है।',
  'safety.restored.bodyReport': 'हमने “{title}” के बारे में रिपोर्ट की जाँच की और कुछ ग़लत नहीं पाया। यह फिर से आपके पेज पर है।',
  'safety.restored.note': 'हमारी टिप्पणी: {note}',

  'safety.kept.subject': 'जाँच {ticket}: “{title}” हटा ही रहेगा',
  'safety.kept.heading': 'हमने आपके अनुरोध की जाँच की',
  'safety.kept.body': 'हमने आपकी बात के साथ “{title}” को फिर से देखा, और यह हटा ही रहेगा। हमारी वजह: {note}',
  'safety.kept.appeal':
    'आप 30 दिन के अंदर शिकायत अपील समिति (gac.gov.in) में अपील कर सकते हैं। हमारे शिकायत अधिकारी की जानकारी नीचे दिए पेज पर है।',

  'safety.suspended.subject': 'आपका Kholo पेज सस्पेंड कर दिया गया है',
  'safety.suspended.heading': 'आपका पेज सस्पेंड है',
  'safety.suspended.body': 'हमने Kholo पर आपका पेज सस्पेंड कर दिया है। वजह: {reason}',
  'safety.suspended.meaning':
    'सस्पेंड रहने तक आपका पेज और आइटम छिपे रहेंगे और आप अपलोड नहीं कर सकेंगे। जिन फ़ैन्स ने पेमेंट किया है, उनका ऐक्सेस ख़त्म होने तक बना रहेगा, और आपका वॉलेट आपका ही रहेगा।',
  'safety.suspended.appeal':
    'अगर आपको लगता है कि यह ग़लती है, तो हमारे शिकायत अधिकारी को लिखें। आप 30 दिन के अंदर शिकायत अपील समिति (gac.gov.in) में अपील भी कर सकते हैं।',

  'safety.decided.subject': 'आपकी रिपोर्ट {ticket}: {title}',
  'safety.decided.upheld.title': 'हमने कार्रवाई की',
  'safety.decided.upheld.preview': 'आपने जिसकी रिपोर्ट की थी, उसे हमने हटा दिया।',
  'safety.decided.upheld.heading': 'हमने आपकी रिपोर्ट पर कार्रवाई की',
  'safety.decided.upheld.body': 'धन्यवाद। आपकी रिपोर्ट ({ticket}) की जाँच के बाद हमने {thing} हटा दिया।',
  'safety.decided.left.title': 'कोई कार्रवाई नहीं',
  'safety.decided.left.preview': 'हमने पाया कि यह हमारे नियम नहीं तोड़ता।',
  'safety.decided.left.heading': 'हमने आपकी रिपोर्ट की जाँच की',
  'safety.decided.left.body':
    'हमने {thing} के बारे में आपकी रिपोर्ट ({ticket}) की जाँच की और पाया कि यह Kholo के नियम नहीं तोड़ता, इसलिए इसे रहने दिया।',
  'safety.decided.gone.title': 'अब Kholo पर नहीं है',
  'safety.decided.gone.preview': 'आपने जिसकी रिपोर्ट की थी, वह डिलीट हो चुका है।',
  'safety.decided.gone.heading': 'आपने जिसकी रिपोर्ट की थी, वह हट चुका है',
  'safety.decided.gone.body':
    'आपने जिसकी रिपोर्ट ({ticket}) की थी, उसे उसके क्रिएटर ने डिलीट कर दिया है। अब यह Kholo पर किसी को नहीं दिखता, सिवाय उन फ़ैन्स के जो इसे पहले ख़रीद चुके हैं; उनका ऐक्सेस ख़रीद के 14 दिन के अंदर ख़त्म हो जाता है।',
  'safety.decided.reason': 'हमारी वजह: {note}',
  'safety.decided.appeal':
    'अगर आप संतुष्ट नहीं हैं, तो हमारे शिकायत अधिकारी को लिख सकते हैं, और 30 दिन के अंदर शिकायत अपील समिति (gac.gov.in) में अपील कर सकते हैं।',

  'safety.grievanceReceived.subject': 'हमें आपकी शिकायत मिल गई है ({ticket})',
  'safety.grievanceReceived.preview': 'हम {at} तक इसे सुलझा देंगे।',
  'safety.grievanceReceived.heading': 'आपकी शिकायत मिल गई है',
  'safety.grievanceReceived.body':
    'हम पुष्टि करते हैं कि “{topic}” के बारे में आपकी शिकायत हमें मिल गई है। आपका टिकट नंबर {ticket} है।',
  'safety.grievanceReceived.resolve': 'हमारे शिकायत अधिकारी {at} तक (7 दिन के अंदर) इसे सुलझाएँगे और आपको इसी पते पर लिखेंगे।',

  'safety.grievanceAnswered.subject': 'आपकी शिकायत {ticket}: हमारा जवाब',
  'safety.grievanceAnswered.heading': 'आपकी शिकायत पर हमारा जवाब',
  'safety.grievanceAnswered.appeal':
    'अगर आप संतुष्ट नहीं हैं, तो 30 दिन के अंदर शिकायत अपील समिति (gac.gov.in) में अपील कर सकते हैं।',

  'safety.reviewRequested.subject': 'हमें दोबारा विचार का आपका अनुरोध मिल गया है ({ticket})',
  'safety.reviewRequested.preview': 'हम {at} तक फ़ैसला करेंगे।',
  'safety.reviewRequested.heading': 'दोबारा विचार का आपका अनुरोध मिल गया है',
  'safety.reviewRequested.body':
    'हम आपकी बात के साथ “{title}” को फिर से देखेंगे और {at} तक ईमेल से अपना फ़ैसला बताएँगे। आपका टिकट नंबर {ticket} है।',
} as const;
