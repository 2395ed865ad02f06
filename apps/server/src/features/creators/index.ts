// Creators: profiles, handles and the handles given up, avatars, and the studio's settings.
export { type CreatorRow, type CreatorsRepository, createCreatorsRepository } from './creators-repository.js';
export { creatorsRoutes } from './creators-routes.js';
export { type CreatorsService, createCreatorsService } from './creators-service.js';
