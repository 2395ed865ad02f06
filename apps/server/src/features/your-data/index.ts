// Your data (DPDP, ADR 024): an account downloads everything Kholo holds about it, and deletes itself.
export { createYourDataRepository, type YourDataRepository } from './your-data-repository.js';
export { yourDataRoutes } from './your-data-routes.js';
export { createYourDataService, erasedEmail, THIRD_PARTIES, type YourDataService } from './your-data-service.js';
