import type { HindiOf } from '@kholo/contracts';
import type { policyReminderEn } from './policy-reminder.en.js';

export const policyReminderHi: HindiOf<typeof policyReminderEn> = {
  'policyReminder.subject': 'Kholo के नियमों की याद',
  'policyReminder.preview': 'Kholo पर आपने जिन नियमों को माना है, और उन्हें तोड़ने पर क्या होता है।',
  'policyReminder.heading': 'Kholo के नियमों की याद',
  'policyReminder.rules':
    'Kholo इस्तेमाल करने का मतलब है हमारी नियम और शर्तें और हमारी प्राइवेसी पॉलिसी मानना। Kholo पर सिर्फ़ वही कंटेंट शेयर किया जा सकता है जिसके अधिकार क्रिएटर के पास हों, जिसमें दिखने वाला हर व्यक्ति 18 साल या उससे बड़ा हो और दिखने के लिए राज़ी हो, और जो भारत में क़ानूनी हो।',
  'policyReminder.consequences': 'इन नियमों को तोड़ने पर कंटेंट हटाया जा सकता है, और अकाउंट सस्पेंड या बंद किया जा सकता है।',
  'policyReminder.report':
    'किसी आइटम या क्रिएटर की शिकायत करने के लिए उसके पेज पर “रिपोर्ट करें” इस्तेमाल करें। किसी और शिकायत के लिए, नियमों में बताए तरीके से, हमारे शिकायत अधिकारी को {email} पर लिखें।',
  'policyReminder.terms': 'नियम और शर्तें',
  'policyReminder.privacy': 'प्राइवेसी पॉलिसी',
  'policyReminder.grievances': 'कंटेंट की रिपोर्ट और शिकायतें',
  'policyReminder.footnote':
    'भारत का क़ानून हमसे कहता है कि हर अकाउंट को ये नियम समय-समय पर याद दिलाएँ, इसलिए यह ईमेल तब भी आता है जब आपने बाक़ी ईमेल बंद कर रखे हों।',
} as const;
