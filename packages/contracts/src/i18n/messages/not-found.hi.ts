import type { HindiOf } from '../translate.js';
import type { notFoundEn } from './not-found.en.js';

export const notFoundHi: HindiOf<typeof notFoundEn> = {
  'notFound.title': 'पेज नहीं मिला · Kholo',
  'notFound.description': 'यह पेज Kholo पर नहीं है।',
  'notFound.heading': 'अरे! यह पेज नहीं मिला',
  'notFound.body': 'आप जो पेज ढूँढ रहे हैं वह है ही नहीं, या कहीं और चला गया है। पता एक बार जाँच लें, या होम पेज पर लौट जाएँ।',
  'notFound.home': 'होम पेज पर जाएँ',
  'notFound.help': 'मदद लें',
};
