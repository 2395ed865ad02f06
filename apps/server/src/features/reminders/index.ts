// Reminders: "2 days left — download now" before a fan's access ends, and the email lists a
// person can stop from the link in them (issue 23 §6).
export { createEmailLists, type EmailLists } from './email-lists-service.js';
export {
  createExpiryReminders,
  type ExpiryReminders,
  REMIND_BEFORE_MS,
  REMINDER_INTERVAL_MS,
} from './expiry-reminders.js';
export { createRemindersRepository, type RemindersRepository } from './reminders-repository.js';
export { remindersRoutes } from './reminders-routes.js';
export { createUnsubscribeTokens, type UnsubscribeTokens } from './unsubscribe-tokens.js';
