/** Every email Kholo sends goes through the jobs queue (ADR 019). */
export { createEmailQueue, EMAIL_RETRY, type EmailQueue, type SendEmail, type WaitingEmails } from './email-queue.js';
export { outboxControlRoutes } from './outbox-controls.js';
export { type EmailWords, emailWords, type LocalizedEmail, localizedEmail, type OutgoingEmail } from './email-words.js';
