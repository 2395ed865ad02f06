/** Every email Kholo sends goes through the jobs queue (ADR 019). */
export { createEmailQueue, EMAIL_RETRY, type EmailQueue, type SendEmail, type WaitingEmails } from './email-queue.js';
export { outboxControlRoutes } from './outbox-controls.js';
