import type { HindiOf } from '../translate.js';
import type { contentPageEn } from './content-page.en.js';

export const contentPageHi: HindiOf<typeof contentPageEn> = {
  'contentPage.accessEnded': 'आपका ऐक्सेस {date} को ख़त्म हो गया।',
  'contentPage.notFound.title': 'कंटेंट नहीं मिला',
  'contentPage.notFound.body': 'हो सकता है क्रिएटर ने इसे हटा दिया हो, या लिंक अधूरा हो।',
  'contentPage.loading': 'लोड हो रहा है…',
  'contentPage.description': '{name} का “{title}”, Kholo पर। {about}',
  'contentPage.moreFrom': '{name} के और पोस्ट',
  'contentPage.priceFor': '{days} दिन के ऐक्सेस के लिए {price}',
  'contentPage.loadFailed': 'यह आइटम लोड नहीं हो सका',
};
