/** The friendly 404 page. */
const en = {
  'notFound.title': 'Page not found · Kholo',
  'notFound.description': 'This page does not exist on Kholo.',
  'notFound.heading': 'Oops! Page not found',
  'notFound.body': 'The page you’re looking for doesn’t exist or may have moved. Check the address, or head back home.',
  'notFound.home': 'Back to home',
  'notFound.help': 'Get help',
} as const;

const hi: Record<keyof typeof en, string> = {
  'notFound.title': 'पेज नहीं मिला · Kholo',
  'notFound.description': 'यह पेज Kholo पर नहीं है।',
  'notFound.heading': 'अरे! यह पेज नहीं मिला',
  'notFound.body': 'आप जो पेज ढूँढ रहे हैं वह है ही नहीं, या कहीं और चला गया है। पता एक बार जाँच लें, या होम पेज पर लौट जाएँ।',
  'notFound.home': 'होम पेज पर जाएँ',
  'notFound.help': 'मदद लें',
};

export const notFoundMessages = { en, hi };
