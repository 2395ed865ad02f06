import { indiaDay } from '@kholo/contracts';
import type { Clock } from '../../lib/clock.js';
import type { Transact } from '../../lib/transactions.js';
import type { EmailQueue } from '../email/index.js';
import type { Jobs } from '../jobs/index.js';
import { reminderEmail } from './reminder-email.js';
import type { DueWindow, RemindersRepository } from './reminders-repository.js';
import type { UnsubscribeTokens } from './unsubscribe-tokens.js';

/** An item is reminded once its access has at most this long to run ("2 days left"). */
export const REMIND_BEFORE_MS = 2 * 24 * 60 * 60_000;
/** How often the job looks: an item is reminded at most this long after it comes due. */
export const REMINDER_INTERVAL_MS = 15 * 60_000;
/** Fans read per query; a run goes on page after page until none is due. */
const FANS_PER_PAGE = 200;

export interface ReminderLinks {
  publicUrl: string;
  supportEmail: string;
}

export interface ReminderLogger {
  info(details: object, message: string): void;
}

export interface ExpiryReminders {
  /** One pass: every fan with something due gets her email (or waits for tomorrow). */
  runOnce(): Promise<{ emails: number }>;
  /** Registers the pass as periodic work (start-up.ts). */
  schedule(jobs: Pick<Jobs, 'every'>): void;
}

/** Thrown inside a fan's transaction to undo her day's claim when another run named her items first. */
class NothingLeftToRemind extends Error {}

/**
 * "2 days left — download now" (issue 23 §6). Every 15 minutes a pass finds the unlocks whose
 * access ends within two days and that no reminder has named, groups them by fan and queues one
 * email per fan, in one transaction per fan that also claims her day and marks the unlocks.
 *
 * One email per fan per India day at most: an item that comes due after today's email waits for
 * tomorrow's first pass, just after midnight India time. An item comes due with two days left,
 * so it waits at most a day and is still reminded with a day or more to go. Only an unlock whose
 * access came back with less than two days to run (a dispute won late) can end before then, and
 * goes unreminded rather than break the one-a-day promise.
 *
 * Idempotent, and safe with two passes at once: the day's claim is a row keyed by fan and day, so
 * a second pass for the same day finds it taken (on PostgreSQL it waits for the first to commit)
 * and sends nothing; a pass on the next day that reaches items another pass has just named marks
 * none, and undoes its claim. The email is queued in the same transaction, so a crash before the
 * commit leaves everything for the next pass and a crash after it leaves the email queued.
 */
export function createExpiryReminders(deps: {
  reminders: RemindersRepository;
  tokens: UnsubscribeTokens;
  transaction: Transact;
  clock: Clock;
  mail: EmailQueue;
  links: ReminderLinks;
  logger: ReminderLogger;
}): ExpiryReminders {
  const { reminders, links } = deps;

  async function remindFan(fanId: string, window: DueWindow): Promise<boolean> {
    try {
      return await deps.transaction(async (trx) => {
        const repository = reminders.within(trx);
        const account = await repository.findAccount(fanId);
        const due = await repository.dueUnlocksOf(fanId, window);
        if (account === undefined || due.length === 0) return false;
        if (!(await repository.claimDay(fanId, window.day, window.now))) return false;
        const marked = new Set(
          await repository.markReminded(
            due.map((unlock) => unlock.id),
            window.now,
          ),
        );
        if (marked.size === 0) throw new NothingLeftToRemind();
        const token = encodeURIComponent(deps.tokens.sign({ accountId: fanId, list: 'reminders' }));
        await deps.mail.within(trx).send(
          reminderEmail({
            to: account.email,
            name: account.name,
            items: due
              .filter((unlock) => marked.has(unlock.id))
              .map((unlock) => ({
                title: unlock.title,
                creatorName: unlock.creatorName,
                expiresAt: unlock.expiresAt,
                url: `${links.publicUrl}/content/${encodeURIComponent(unlock.contentId)}`,
              })),
            now: window.now,
            purchasesUrl: `${links.publicUrl}/purchases`,
            unsubscribeUrl: `${links.publicUrl}/unsubscribe?token=${token}`,
            oneClickUrl: `${links.publicUrl}/api/email/unsubscribe?token=${token}`,
            supportEmail: links.supportEmail,
          }),
        );
        return true;
      });
    } catch (error) {
      if (error instanceof NothingLeftToRemind) return false;
      throw error;
    }
  }

  async function runOnce(): Promise<{ emails: number }> {
    const now = deps.clock.now();
    const window: DueWindow = { now, until: now + REMIND_BEFORE_MS, day: indiaDay(now) };
    await reminders.forgetDaysBefore(window.day);
    let emails = 0;
    let after = '';
    for (;;) {
      const fans = await reminders.dueFans(window, after, FANS_PER_PAGE);
      for (const fanId of fans) if (await remindFan(fanId, window)) emails += 1;
      const last = fans.at(-1);
      if (fans.length < FANS_PER_PAGE || last === undefined) break;
      after = last;
    }
    if (emails > 0) deps.logger.info({ emails }, 'queued expiry reminders');
    return { emails };
  }

  return {
    runOnce,
    schedule(jobs) {
      jobs.every({
        name: 'send-expiry-reminders',
        intervalMs: REMINDER_INTERVAL_MS,
        timeoutSeconds: 10 * 60,
        // Idempotent: a fan's day is claimed and her unlocks marked with her email's queuing.
        async run() {
          await runOnce();
        },
      });
    },
  };
}
