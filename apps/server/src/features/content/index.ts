// Content: items, their pages and files, the studio's uploads, and the unlocks that open them.
// `onSale` / `isOnSale` say once what anyone may see and buy.
export { type Viewer } from './content-access.js';
export { type ContentRepository, createContentRepository, type PayableOrderCondition } from './content-repository.js';
export { contentRoutes } from './content-routes.js';
export { resumableUploadRoutes } from './resumable-upload-routes.js';
export { createCreatorPageItems, type SharedPageItems } from './creator-page-items.js';
export { type ContentService, createContentService } from './content-service.js';
export { isOnSale, type ItemStanding, onSale } from './on-sale.js';
export { CONVERSION_FAILURES, createVideoConversions, type VideoConversions } from './video-conversion.js';
export { type AccessEnding, type ContentSales, createContentSales, type HeldItem, type Sale } from './sales.js';
