import type { HindiOf } from '../translate.js';
import type { unsubscribeEn } from './unsubscribe.en.js';

export const unsubscribeHi: HindiOf<typeof unsubscribeEn> = {
  'unsubscribe.title': 'रिमाइंडर ईमेल · Kholo',
  'unsubscribe.askHeading': 'रिमाइंडर ईमेल बंद करें?',
  'unsubscribe.stoppedHeading': 'अब आपको रिमाइंडर ईमेल नहीं आएँगे।',
  'unsubscribe.startedHeading': 'रिमाइंडर ईमेल फिर से चालू हो गए।',
  'unsubscribe.transactionalNote': 'रसीद और रिफ़ंड वाले ईमेल आपके पेमेंट के बारे में हैं, इसलिए वे आते रहेंगे, चाहे रिमाइंडर आएँ या नहीं।',
  'unsubscribe.askBody':
    'आपकी ख़रीदी हुई किसी चीज़ का ऐक्सेस ख़त्म होने से दो दिन पहले तक, हम आपको एक बार ईमेल करते हैं, ताकि आप समय रहते उसे डाउनलोड कर सकें।',
  'unsubscribe.stopping': 'बंद कर रहे हैं...',
  'unsubscribe.stop': 'रिमाइंडर ईमेल बंद करें',
  'unsubscribe.keep': 'चालू रहने दें',
  'unsubscribe.offNow': '{email} पर रिमाइंडर बंद हो गए।',
  'unsubscribe.offAlready': '{email} पर रिमाइंडर पहले से बंद थे।',
  'unsubscribe.onNow': 'आपकी ख़रीदी हुई किसी चीज़ का ऐक्सेस ख़त्म होने से पहले हम {email} पर ईमेल करेंगे।',
  'unsubscribe.turningOn': 'चालू कर रहे हैं...',
  'unsubscribe.turnOn': 'रिमाइंडर फिर से चालू करें',
  'unsubscribe.goHome': 'Kholo पर जाएँ',
  'unsubscribe.linkProblem': 'यह लिंक काम नहीं कर रहा',
  'unsubscribe.emailSupport': 'Kholo सपोर्ट को ईमेल करें',
};
