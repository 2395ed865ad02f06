import type { HindiOf } from '@kholo/contracts';
import type { passwordResetEn } from './password-reset.en.js';

export const passwordResetHi: HindiOf<typeof passwordResetEn> = {
  'passwordReset.subject': 'अपना Kholo पासवर्ड बदलें',
  'passwordReset.preview': 'अपना Kholo पासवर्ड बदलें। लिंक {minutes} मिनट तक काम करेगा।',
  'passwordReset.heading': 'अपना पासवर्ड बदलें',
  'passwordReset.body':
    'किसी ने (उम्मीद है आपने ही) आपके Kholo अकाउंट का पासवर्ड बदलने को कहा है। नीचे दिए बटन से नया पासवर्ड चुनें। लिंक एक बार, अगले {minutes} मिनट तक काम करेगा।',
  'passwordReset.action': 'नया पासवर्ड चुनें',
  'passwordReset.footnote':
    'अगर आपने यह नहीं माँगा, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड जैसा है वैसा ही रहेगा। यह लिंक किसी को भी न भेजें, Kholo सपोर्ट को भी नहीं।',
} as const;
