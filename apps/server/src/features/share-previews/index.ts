// Share cards (Open Graph) for creator and content pages, rendered into the web app's <head>, and
// the 1200 × 630 JPEGs they name, made on first request and kept in storage.
export { shareCardRoutes } from './share-card-routes.js';
export { createShareCards, SHARE_CARD_MAX_AGE_MS, SHARE_CARD_PREFIX, type ShareCards } from './share-cards.js';
export { createShareMeta, renderShareMeta, type ShareMeta } from './share-meta.js';
