/** One item's page, `/content/{id}` (SPEC §2 and §8); its cards and badges are creatorPage's. */
export const contentPageEn = {
  'contentPage.accessEnded': 'Your access ended on {date}.',
  'contentPage.notFound.title': 'Content not found',
  'contentPage.notFound.body': 'It may have been removed by its creator, or the link may be incomplete.',
  'contentPage.loading': 'Loading…',
  'contentPage.description': '{title} by {name} on Kholo. {about}',
  'contentPage.moreFrom': 'More from {name}',
  'contentPage.priceFor': '{price} for {days} days of access',
  'contentPage.loadFailed': 'We couldn’t load this item',
} as const;
