// Share cards (Open Graph) for creator and content pages, rendered into the web app's <head>.
export { createShareMeta, renderShareMeta } from './share-meta.js';
