/** The friendly 404 page. */
export const notFoundEn = {
  'notFound.title': 'Page not found · Kholo',
  'notFound.description': 'This page does not exist on Kholo.',
  'notFound.heading': 'Oops! Page not found',
  'notFound.body': 'The page you’re looking for doesn’t exist or may have moved. Check the address, or head back home.',
  'notFound.home': 'Back to home',
  'notFound.help': 'Get help',
} as const;
