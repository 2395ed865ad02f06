import { z } from 'zod';

/**
 * The rules' periodic reminder (issue 24 §6; POLICY_REMINDER_INTERVAL_* in policy-versions.ts):
 * the admin sends it to every account, in batches through the jobs queue.
 */
export const policyReminderRun = z.object({
  id: z.string(),
  startedAt: z.number().int(),
  /** The admin's email at the time. */
  startedBy: z.string(),
  /** Emails queued so far. */
  sent: z.number().int(),
  /** Null while it runs. */
  finishedAt: z.number().int().nullable(),
});
export type PolicyReminderRun = z.infer<typeof policyReminderRun>;

/** GET /api/admin/policy-reminders, and the answer to starting one. */
export const policyReminderStatus = z.object({
  /** The newest run, running or finished; null when none was ever started. */
  lastRun: policyReminderRun.nullable(),
  /** When the last finished run was finished. */
  lastSentAt: z.number().int().nullable(),
  /** The last finished run plus the interval; null when none has finished (then it is due now). */
  nextDueBy: z.number().int().nullable(),
  /** The server's clock, so the panel says "overdue" by the same time. */
  now: z.number().int(),
});
export type PolicyReminderStatus = z.infer<typeof policyReminderStatus>;
