// Trust and safety (issue 24, ADR 023): reports of items and creator pages, the takedown queue
// with the IT Rules' deadlines, creators' review requests, and complaints to the Grievance Officer.
export { safetyRoutes, REPORT_RATE_LIMIT } from './safety-routes.js';
export { type SafetyLinks } from './safety-emails.js';
export { createTakedownQueue, SAFETY_ACTOR, type TakedownQueue } from './takedown-queue.js';
export { createTicketsRepository, type TicketsRepository } from './tickets-repository.js';
