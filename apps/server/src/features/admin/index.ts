// The admin panel: its lists, and the moderation switches (hide an item, suspend a creator).
export { createAdminRepository } from './admin-repository.js';
export { adminRoutes } from './admin-routes.js';
export { createAdminService } from './admin-service.js';
export { createModerationService } from './moderation-service.js';
export { createJobsAdminService, JOB_ADMIN_MESSAGES } from './jobs-admin-service.js';
