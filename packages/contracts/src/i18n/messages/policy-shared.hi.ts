import type { HindiOf } from '../translate.js';
import type { policySharedEn } from './policy-shared.en.js';

export const policySharedHi: HindiOf<typeof policySharedEn> = {
  'policyShared.eyebrow': 'नीतियाँ',
  'policyShared.lastUpdated': 'पिछला बदलाव',
  'policyShared.onThisPage': 'इस पेज पर',
  'policyShared.translationNotice':
    'यह हिन्दी अनुवाद आपकी सुविधा के लिए है। अगर इसमें और अंग्रेज़ी वर्शन में कोई फ़र्क़ हो, तो अंग्रेज़ी वर्शन मान्य होगा।',
  'policyShared.readEnglish': 'अंग्रेज़ी वर्शन पढ़ें',
  'policyShared.orCall': '{email} या फ़ोन {phone}',
  'policyShared.officer': '{name} ({designation}) — ईमेल {email}, फ़ोन {phone}, या डाक से इस पते पर: {address}',
};
