// The admin panel: its lists, and the moderation switches (hide an item, suspend a creator).
export { createAdminRepository } from './admin-repository.js';
export { adminRoutes } from './admin-routes.js';
export { createAdminService } from './admin-service.js';
export { createModerationService, type ModerationService, type ModerationSteps } from './moderation-service.js';
export { createJobsAdminService, JOB_ADMIN_MESSAGES } from './jobs-admin-service.js';
export { createPolicyRemindersRepository } from './policy-reminders-repository.js';
export { policyRemindersRoutes } from './policy-reminders-routes.js';
export {
  createPolicyReminders,
  POLICY_REMINDER_BATCH,
  POLICY_REMINDER_MESSAGES,
  type PolicyReminders,
  STALLED_RUN_MS,
} from './policy-reminders-service.js';
export { POLICY_REMINDER_SUBJECT } from './policy-reminder-email.js';
