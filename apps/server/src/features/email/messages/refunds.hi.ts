import type { HindiOf } from '@kholo/contracts';
import type { refundsEn } from './refunds.en.js';

export const refundsHi: HindiOf<typeof refundsEn> = {
  'refunds.seePurchases': 'अपनी ख़रीदारी देखें',
  'refunds.openWallet': 'अपना वॉलेट खोलें',
  'refunds.order': 'ऑर्डर ID: {orderId}',
  'refunds.because': 'वजह: {reason}।',
  'refunds.becauseNote': 'वजह: {reason} — {note}',

  'refunds.reason.fan.admin': 'Kholo ने रिफ़ंड किया',
  'refunds.reason.fan.fan_problem': 'आपकी शिकायत के बाद रिफ़ंड किया गया',
  'refunds.reason.fan.creator': 'क्रिएटर ने रिफ़ंड किया',
  'refunds.reason.fan.paid_for_removed_item': 'पेमेंट आने से पहले आइटम हटा दिया गया था',
  'refunds.reason.fan.already_unlocked': 'पहले से अनलॉक आइटम के लिए दूसरा पेमेंट',
  'refunds.reason.fan.late_payment': 'पेमेंट इतनी देर से आया कि माना नहीं जा सका',
  'refunds.reason.fan.item_removed': 'Kholo के नियम तोड़ने पर आइटम हटा दिया गया',
  'refunds.reason.fan.dispute_lost': 'विवाद के बाद बैंक ने पैसे लौटाए',
  'refunds.reason.creator.admin': 'Kholo ने रिफ़ंड किया',
  'refunds.reason.creator.fan_problem': 'फ़ैन की शिकायत के बाद Kholo ने रिफ़ंड किया',
  'refunds.reason.creator.creator': 'आपने रिफ़ंड किया',
  'refunds.reason.creator.paid_for_removed_item': 'चीज़ हटने के बाद फ़ैन ने पेमेंट किया',
  'refunds.reason.creator.already_unlocked': 'जिस फ़ैन के पास पहले से ऐक्सेस था, उसका दूसरा पेमेंट',
  'refunds.reason.creator.late_payment': 'पेमेंट इतनी देर से आया कि माना नहीं जा सका',
  'refunds.reason.creator.item_removed': 'नियम तोड़ने पर Kholo ने चीज़ छिपा दी',
  'refunds.reason.creator.dispute_lost': 'विवाद के बाद फ़ैन के बैंक ने पेमेंट वापस ले लिया',
  'refunds.problem.not_working': 'फ़ोटो या वीडियो खुल नहीं रहा',
  'refunds.problem.not_as_described': 'यह वैसा नहीं है जैसा बताया गया था',
  'refunds.problem.accidental': 'मैंने इसे ग़लती से ख़रीद लिया',
  'refunds.problem.charged_twice': 'मुझसे दो बार पैसे कटे',
  'refunds.problem.other': 'कुछ और',
  'refunds.arrival.upi': '1–3 कामकाजी दिनों',
  'refunds.arrival.bank': '5–7 कामकाजी दिनों',
  'refunds.arrival.other': 'ज़्यादा से ज़्यादा 7 कामकाजी दिनों',
  'refunds.how.upi': 'आपके UPI अकाउंट',
  'refunds.how.card': 'आपके कार्ड',
  'refunds.how.netbanking': 'आपके बैंक खाते',
  'refunds.how.other': 'पेमेंट वाले उसी अकाउंट',

  'refunds.issued.subject': '“{title}” के लिए {amount} का रिफ़ंड',
  'refunds.issued.preview': 'हम {amount} रिफ़ंड कर रहे हैं। यह {arrival} में {how} में पहुँच जाएगा।',
  'refunds.issued.heading': 'आपका रिफ़ंड आ रहा है',
  'refunds.issued.body': 'हम “{title}” के लिए {amount} रिफ़ंड कर रहे हैं। {why}',
  'refunds.issued.arrives': 'आपके बैंक के हिसाब से, यह {arrival} में {how} में पहुँच जाएगा।',
  'refunds.issued.ticket': 'यह आपके टिकट {ticket} का जवाब है।',
  'refunds.issued.footnote':
    'इस आइटम का आपका ऐक्सेस ख़त्म हो गया है। अगर इतने समय बाद भी पैसे न आएँ, तो ऑर्डर ID के साथ इस ईमेल का जवाब दें।',

  'refunds.creator.subject': '“{title}” की एक बिक्री का रिफ़ंड हुआ',
  'refunds.creator.preview': 'आपके हिस्से के {share} वापस लिए गए।',
  'refunds.creator.heading': 'एक बिक्री का रिफ़ंड हुआ',
  'refunds.creator.body': 'जिस फ़ैन ने “{title}” के लिए {amount} दिए थे, उसे रिफ़ंड कर दिया गया। {why}',
  'refunds.creator.fromWallet': 'आपके हिस्से के {share} आपके वॉलेट से कटे।',
  'refunds.creator.owed':
    'आपका हिस्सा {share} था: {fromWallet} आपके वॉलेट से कटे, और {owed} आपकी अगली बिक्री से कटेंगे, उसके बाद ही आप पैसे निकाल सकेंगे।',

  'refunds.reportReceived.subject': 'टिकट {ticket}: हमें आपकी शिकायत मिल गई है',
  'refunds.reportReceived.preview': 'आपका टिकट नंबर {ticket} है। हम 24 घंटे के अंदर जवाब देंगे।',
  'refunds.ticket.heading': 'टिकट {ticket}',
  'refunds.reportReceived.body': 'हमें “{title}” के बारे में आपकी शिकायत मिल गई है: {reason}।',
  'refunds.reportReceived.reply': 'आपका टिकट नंबर {ticket} है। हम हर शिकायत देखते हैं और 24 घंटे के अंदर ईमेल से जवाब देते हैं।',

  'refunds.reportAnswered.subject': 'टिकट {ticket}: हमारा जवाब',
  'refunds.reportAnswered.body': 'हमने “{title}” के बारे में आपकी शिकायत की जाँच की।',
  'refunds.reportAnswered.footnote': 'अगर इससे बात नहीं सुलझी, तो टिकट नंबर के साथ इस ईमेल का जवाब दें।',

  'refunds.dispute.held.subject': 'एक फ़ैन के बैंक ने “{title}” के पेमेंट पर विवाद उठाया है',
  'refunds.dispute.held.heading': 'एक पेमेंट पर विवाद है',
  'refunds.dispute.held.text':
    '“{title}” ख़रीदने वाले एक फ़ैन के बैंक ने पेमेंट पर विवाद उठाया है। बैंक के फ़ैसले तक आपका {share} का हिस्सा रोका गया है; Kholo बिक्री के सबूत के साथ बैंक को जवाब देता है।',
  'refunds.dispute.released.subject': '“{title}” का विवाद आपके पक्ष में सुलझा',
  'refunds.dispute.released.heading': 'विवाद में जीत',
  'refunds.dispute.released.text':
    'बैंक ने “{title}” के विवाद का फ़ैसला हमारे पक्ष में किया। आपका {share} का हिस्सा फिर से आपका है।',
  'refunds.dispute.lost.subject': '“{title}” का विवाद फ़ैन के पक्ष में सुलझा',
  'refunds.dispute.lost.heading': 'विवाद में हार',
  'refunds.dispute.lost.text':
    'बैंक ने “{title}” के विवाद का फ़ैसला फ़ैन के पक्ष में किया और पेमेंट वापस ले लिया। आपका रोका गया {share} का हिस्सा भी उसके साथ चला गया।',

  'refunds.disputeAdmin.subject': 'विवाद {id}: {due} जवाब दें',
  'refunds.disputeAdmin.by': '{at} तक',
  'refunds.disputeAdmin.asap': 'जितनी जल्दी हो सके',
  'refunds.disputeAdmin.action': 'विवाद खोलें',
  'refunds.disputeAdmin.preview': 'एक बैंक ने ऑर्डर {orderId} पर {amount} का विवाद उठाया है।',
  'refunds.disputeAdmin.body': 'एक फ़ैन के बैंक ने ऑर्डर {orderId} पर {amount} का विवाद उठाया है।',
  'refunds.disputeAdmin.bodyReason': 'एक फ़ैन के बैंक ने ऑर्डर {orderId} पर {amount} का विवाद उठाया है ({reason})।',
  'refunds.disputeAdmin.answer':
    'विवाद वाले पेज के सबूतों के साथ, प्रोवाइडर के यहाँ {due} इसका जवाब दें; जवाब न मिलने पर बैंक फ़ैन के पक्ष में फ़ैसला करता है।',
} as const;
