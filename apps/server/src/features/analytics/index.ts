// Analytics (issue 26, ADR 028): visits counted on the server without cookies, and the creator's
// Analytics tab and sales CSV read from visits, orders, the sales' ledger lines and refunds.
export { createAnalyticsRepository, type AnalyticsRepository } from './analytics-repository.js';
export { analyticsRoutes } from './analytics-routes.js';
export { type AnalyticsService, createAnalyticsService } from './analytics-service.js';
export { createVisitCounter, type PageView, type VisitCounter } from './visit-counter.js';
