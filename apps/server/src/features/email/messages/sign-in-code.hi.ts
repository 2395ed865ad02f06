import type { HindiOf } from '@kholo/contracts';
import type { signInCodeEn } from './sign-in-code.en.js';

export const signInCodeHi: HindiOf<typeof signInCodeEn> = {
  'signInCode.subject': '{code} आपका Kholo कोड है',
  'signInCode.preview': 'आपका Kholo कोड {code} है। यह {minutes} मिनट तक काम करेगा।',
  'signInCode.heading': 'आपका कोड: {code}',
  'signInCode.forCheckout': 'पेमेंट करने के बाद इसे Kholo पर डालें, ताकि आपकी ख़रीदी हुई चीज़ खुल जाए।',
  'signInCode.forSignIn': 'लॉग इन करने के लिए इसे Kholo पर डालें।',
  'signInCode.works':
    'यह एक बार, अगले {minutes} मिनट तक काम करेगा। इससे आप किसी भी फ़ोन या कंप्यूटर पर Kholo पर अपनी सारी ख़रीदारी भी देख सकते हैं।',
  'signInCode.footnote':
    'अगर आपने यह नहीं माँगा, तो इस ईमेल को अनदेखा करें: कोड के बिना कोई आपके अकाउंट में लॉग इन नहीं कर सकता। यह कोड किसी को भी न बताएँ, Kholo सपोर्ट को भी नहीं।',
} as const;
