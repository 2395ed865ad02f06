// Creators: profiles, handles and the handles given up, avatars, and the studio's settings.
export { type CreatorRow, type CreatorsRepository, createCreatorsRepository } from './creators-repository.js';
export { creatorsRoutes } from './creators-routes.js';
export { type CreatorsService, createCreatorsService } from './creators-service.js';
export {
  CREATOR_PAGE_CACHE_SIZE,
  type CreatorPageItems,
  type CreatorPages,
  createCreatorPages,
  type PageViewer,
} from './creator-page.js';
export {
  type CreatorPageRepository,
  createCreatorPageRepository,
  raisePageVersion,
  raisePageVersionOfItem,
} from './creator-page-repository.js';
