import type { HindiOf } from '@kholo/contracts';
import type { reminderEn } from './reminder.en.js';

export const reminderHi: HindiOf<typeof reminderEn> = {
  'reminder.subjectTwoDays': 'सिर्फ़ 2 दिन बाक़ी — अभी डाउनलोड करें',
  'reminder.subjectOneDay': 'एक दिन से भी कम बाक़ी — अभी डाउनलोड करें',
  'reminder.until': '{at} भारतीय समय',
  'reminder.previewMany': '{count} आइटम का आपका ऐक्सेस जल्द ख़त्म हो रहा है। अपने पास एक कॉपी रखने के लिए इन्हें डाउनलोड कर लें।',
  'reminder.previewOne': '“{title}” का आपका ऐक्सेस {until} को ख़त्म होगा। अपने पास एक कॉपी रखने के लिए इसे डाउनलोड कर लें।',
  'reminder.headingMany': 'आपका ऐक्सेस जल्द ख़त्म हो रहा है',
  'reminder.headingOne': 'लॉक होने से पहले “{title}” डाउनलोड कर लें',
  'reminder.bodyMany':
    'इन {count} आइटम का आपका ऐक्सेस जल्द ख़त्म हो रहा है। जो अपने पास रखना चाहते हैं, उसे उससे पहले डाउनलोड कर लें:',
  'reminder.bodyOne':
    '{creator} के “{title}” का आपका ऐक्सेस {until} को ख़त्म होगा। अपने पास एक कॉपी रखने के लिए इसे अभी डाउनलोड कर लें।',
  'reminder.link': '{creator} का “{title}”, {until} तक',
  'reminder.actionMany': 'अपनी सारी ख़रीदारी देखें',
  'reminder.actionOne': 'अभी डाउनलोड करें',
  'reminder.footnote':
    'आपकी ख़रीदी किसी चीज़ का ऐक्सेस ख़त्म होने से ज़्यादा से ज़्यादा दो दिन पहले, हम एक बार याद दिलाते हैं। रसीद और रिफ़ंड के ईमेल रिमाइंडर बंद करने पर भी आते हैं।',
  'reminder.unsubscribe': 'रिमाइंडर ईमेल बंद करें',
} as const;
