import { randomUUID } from 'node:crypto';
import { nextPolicyReminderDue, type PolicyReminderStatus } from '@kholo/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { Transact } from '../../lib/transactions.js';
import type { AuditActor, AuditRepository } from '../audit/index.js';
import type { EmailQueue } from '../email/index.js';
import type { Jobs } from '../jobs/index.js';
import { policyReminderEmail } from './policy-reminder-email.js';
import type { PolicyReminderRunRow, PolicyRemindersRepository } from './policy-reminders-repository.js';

/** Accounts written to per job: small enough that one batch's transaction stays short. */
export const POLICY_REMINDER_BATCH = 200;

/**
 * A run whose cursor has not moved for this long has stalled: its batch used every try, or the
 * admin discarded it. Starting again then resumes it from its cursor rather than refusing for
 * ever (a batch still retrying moves within about nine hours).
 */
export const STALLED_RUN_MS = 24 * 60 * 60_000;

export const POLICY_REMINDER_MESSAGES = {
  running: 'The rules reminder is already being sent. Wait for this run to finish before starting another.',
} as const;

const batchPayload = z.object({ runId: z.string().min(1), after: z.string() });

export interface PolicyReminders {
  /** GET /api/admin/policy-reminders: the last run and when the next is due. */
  status(): Promise<PolicyReminderStatus>;
  /** POST /api/admin/policy-reminders: starts a run (CONFLICT while one goes), in the audit log. */
  start(actor: AuditActor): Promise<PolicyReminderStatus>;
  /** One batch, as its job runs it; for tests that run a batch twice. */
  sendBatch(payload: { runId: string; after: string }): Promise<void>;
}

/**
 * The rules' periodic reminder (issue 24 §6; IT Rules 3(1)(c), at least once every three months).
 * A run walks every account in id order, one job per batch of POLICY_REMINDER_BATCH: the job
 * queues the batch's emails, moves the run's cursor and queues the next batch, all in one
 * transaction. The cursor moves by compare-and-set from the value the job was given, so a batch
 * that runs again (a retry after its commit, or the same job twice) finds it moved and sends
 * nobody twice; a batch that failed before its commit left nothing and is retried whole.
 */
export function createPolicyReminders(deps: {
  runs: PolicyRemindersRepository;
  audit: AuditRepository;
  jobs: Pick<Jobs, 'define'>;
  mail: EmailQueue;
  transaction: Transact;
  clock: Clock;
  adminEmail: string;
  links: { publicUrl: string; supportEmail: string };
  batchSize?: number;
}): PolicyReminders {
  const { runs } = deps;
  const batchSize = deps.batchSize ?? POLICY_REMINDER_BATCH;

  async function sendBatch({ runId, after }: { runId: string; after: string }): Promise<void> {
    await deps.transaction(async (trx) => {
      const repository = runs.within(trx);
      const run = await repository.findRun(runId);
      if (run === undefined || run.finishedAt !== null || run.cursor !== after) return;
      const now = deps.clock.now();
      const recipients = await repository.recipientsAfter(after, batchSize, deps.adminEmail);
      const last = recipients.at(-1);
      if (last !== undefined) {
        // First, so that a second runner of this batch waits here and then sends nothing.
        if (!(await repository.advanceCursor(runId, after, last.id, recipients.length, now))) return;
        const mail = deps.mail.within(trx);
        for (const account of recipients) {
          await mail.send(
            policyReminderEmail({
              to: account.email,
              name: account.name,
              publicUrl: deps.links.publicUrl,
              supportEmail: deps.links.supportEmail,
            }),
            { key: `policy-reminder:${runId}:${account.id}` },
          );
        }
      }
      if (last === undefined || recipients.length < batchSize) await repository.finishRun(runId, now);
      else
        await batches.within(trx).enqueue({ runId, after: last.id }, { key: `policy-reminders:${runId}:${last.id}` });
    });
  }

  const batches = deps.jobs.define({
    name: 'send-policy-reminders',
    payload: batchPayload,
    retry: { attempts: 10, backoffSeconds: 30 },
    timeoutSeconds: 5 * 60,
    // Idempotent: the cursor's compare-and-set (above).
    handle: (payload) => sendBatch(payload),
    describe: ({ runId, after }) =>
      `Rules reminder run ${runId}: the batch after ${after === '' ? 'the start' : `account ${after}`}`,
  });

  async function status(): Promise<PolicyReminderStatus> {
    const [lastRun, lastSentAt] = await Promise.all([runs.findLatestRun(), runs.findLastFinishedAt()]);
    return {
      lastRun: lastRun === undefined ? null : describeRun(lastRun),
      lastSentAt,
      nextDueBy: nextPolicyReminderDue(lastSentAt),
      now: deps.clock.now(),
    };
  }

  return {
    status,
    sendBatch,
    async start(actor) {
      const id = randomUUID();
      const now = deps.clock.now();
      try {
        await deps.transaction(async (trx) => {
          const running = await runs.within(trx).findRunningRun();
          if (running !== undefined && now - running.updatedAt < STALLED_RUN_MS) {
            throw new AppError('CONFLICT', POLICY_REMINDER_MESSAGES.running);
          }
          if (running !== undefined) {
            // Stalled: resume it where it stopped. The cursor's compare-and-set keeps a late
            // retry of the old batch from sending anyone twice.
            await batches
              .within(trx)
              .enqueue(
                { runId: running.id, after: running.cursor },
                { key: `policy-reminders:${running.id}:${running.cursor}:resumed-${now}` },
              );
            await deps.audit.within(trx).record({
              actor,
              action: 'policy_reminder.resume',
              subjectId: running.id,
              before: { cursor: running.cursor, sent: running.sent, updatedAt: running.updatedAt },
              after: null,
              reason: null,
              at: now,
            });
            return;
          }
          await runs.within(trx).insertRun({ id, startedBy: actor.id, startedByEmail: actor.email, now });
          await batches.within(trx).enqueue({ runId: id, after: '' }, { key: `policy-reminders:${id}:` });
          await deps.audit.within(trx).record({
            actor,
            action: 'policy_reminder.start',
            subjectId: id,
            before: null,
            after: { startedAt: now },
            reason: null,
            at: now,
          });
        });
      } catch (error) {
        // Two starts at once: the unique index on the running run refuses the second.
        if (isUniqueViolation(error))
          throw new AppError('CONFLICT', POLICY_REMINDER_MESSAGES.running, { cause: error });
        throw error;
      }
      return status();
    },
  };
}

function describeRun(row: PolicyReminderRunRow) {
  return {
    id: row.id,
    startedAt: row.startedAt,
    startedBy: row.startedByEmail,
    sent: row.sent,
    finishedAt: row.finishedAt,
  };
}
