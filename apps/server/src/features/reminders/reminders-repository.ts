import type { EmailList } from '@kholo/contracts';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';

/**
 * SQL for expiry reminders and the lists people stop. What "due" means sits in one condition
 * (`dueUnlock`), used both to find the fans and, inside each fan's transaction, her items.
 */
export function createRemindersRepository(db: Kysely<Database>): RemindersRepository {
  return joinable(reminderQueries, db);
}

export type RemindersRepository = Joinable<ReturnType<typeof reminderQueries>>;

export interface DueUnlock {
  id: string;
  contentId: string;
  expiresAt: number;
  title: string;
  creatorName: string;
}

/** The window a reminder looks at: access ending after `now` and at or before `until`. */
export interface DueWindow {
  now: number;
  until: number;
  /** The India day of `now`: a fan already reminded on it waits for tomorrow. */
  day: string;
}

/**
 * An unlock a reminder should name: running now, ending within the window, not named before, for
 * a fan who has not stopped reminders and has had none today, of an item she can still open.
 * That is content's rule for a paid unlock (content-access.ts): the admin's hiding closes it, and
 * a deleted item's files go only once no unlock runs; a deleted item or a suspended creator's
 * still opens for her, and the reminder is her last chance to keep it. A refund or a dispute ends
 * the unlock at once (it is no longer running); the refunds check keeps a refunded sale out even
 * if its row were ever given time again.
 */
function dueUnlock(window: DueWindow) {
  return (eb: ExpressionBuilder<Database, 'unlocks' | 'contents'>) =>
    eb.and([
      eb('unlocks.remindedAt', 'is', null),
      eb('unlocks.purchasedAt', '<=', window.now),
      eb('unlocks.expiresAt', '>', window.now),
      eb('unlocks.expiresAt', '<=', window.until),
      eb('contents.hiddenAt', 'is', null),
      eb('contents.filesRemovedAt', 'is', null),
      eb.not(
        eb.exists(eb.selectFrom('refunds').select('refunds.id').whereRef('refunds.orderId', '=', 'unlocks.orderId')),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('emailOptOuts')
            .select('emailOptOuts.accountId')
            .whereRef('emailOptOuts.accountId', '=', 'unlocks.fanId')
            .where('emailOptOuts.list', '=', 'reminders'),
        ),
      ),
      // A deleted account is sent nothing (ADR 024); her unlocks stay as records of her purchases.
      eb.not(
        eb.exists(
          eb
            .selectFrom('authUsers')
            .select('authUsers.id')
            .whereRef('authUsers.id', '=', 'unlocks.fanId')
            .where('authUsers.deletedAt', 'is not', null),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('reminderDays')
            .select('reminderDays.fanId')
            .whereRef('reminderDays.fanId', '=', 'unlocks.fanId')
            .where('reminderDays.day', '=', window.day),
        ),
      ),
    ]);
}

function reminderQueries(db: Kysely<Database>) {
  return {
    /** Fans with something due, by id after `afterFanId`, at most `limit`. */
    async dueFans(window: DueWindow, afterFanId: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('unlocks')
        .innerJoin('contents', 'contents.id', 'unlocks.contentId')
        .select('unlocks.fanId')
        .distinct()
        .where(dueUnlock(window))
        .where('unlocks.fanId', '>', afterFanId)
        .orderBy('unlocks.fanId')
        .limit(limit)
        .execute();
      return rows.map((row) => row.fanId);
    },

    /** Her due unlocks, ending soonest first. */
    async dueUnlocksOf(fanId: string, window: DueWindow): Promise<DueUnlock[]> {
      return db
        .selectFrom('unlocks')
        .innerJoin('contents', 'contents.id', 'unlocks.contentId')
        .innerJoin('creators', 'creators.userId', 'contents.creatorId')
        .select([
          'unlocks.id',
          'unlocks.contentId',
          'unlocks.expiresAt',
          'contents.title',
          'creators.name as creatorName',
        ])
        .where('unlocks.fanId', '=', fanId)
        .where(dueUnlock(window))
        .orderBy('unlocks.expiresAt')
        .orderBy('unlocks.id')
        .execute();
    },

    async findAccount(accountId: string) {
      return db.selectFrom('authUsers').select(['id', 'email', 'name']).where('id', '=', accountId).executeTakeFirst();
    },

    /** Takes the fan's reminder for `day`; false when a reminder already has it. */
    async claimDay(fanId: string, day: string, now: number): Promise<boolean> {
      const claimed = await db
        .insertInto('reminderDays')
        .values({ fanId, day, sentAt: now })
        .onConflict((conflict) => conflict.columns(['fanId', 'day']).doNothing())
        .returning('fanId')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    /** Marks the unlocks reminded; the ids of those no other run had marked first. */
    async markReminded(unlockIds: string[], now: number): Promise<string[]> {
      if (unlockIds.length === 0) return [];
      const rows = await db
        .updateTable('unlocks')
        .set({ remindedAt: now })
        .where('id', 'in', unlockIds)
        .where('remindedAt', 'is', null)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Claims of days before `day` decide nothing any more. */
    async forgetDaysBefore(day: string): Promise<void> {
      await db.deleteFrom('reminderDays').where('day', '<', day).execute();
    },

    async isOptedOut(accountId: string, list: EmailList): Promise<boolean> {
      const row = await db
        .selectFrom('emailOptOuts')
        .select('accountId')
        .where('accountId', '=', accountId)
        .where('list', '=', list)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** False when she had already stopped the list. */
    async optOut(accountId: string, list: EmailList, now: number): Promise<boolean> {
      const inserted = await db
        .insertInto('emailOptOuts')
        .values({ accountId, list, createdAt: now })
        .onConflict((conflict) => conflict.columns(['accountId', 'list']).doNothing())
        .returning('accountId')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** A deleted account's lists and reminder days (ADR 024): nothing is sent to it any more anyway. */
    async forgetAccount(accountId: string): Promise<void> {
      await db.deleteFrom('emailOptOuts').where('accountId', '=', accountId).execute();
      await db.deleteFrom('reminderDays').where('fanId', '=', accountId).execute();
    },

    /** False when she was not opted out. */
    async optIn(accountId: string, list: EmailList): Promise<boolean> {
      const result = await db
        .deleteFrom('emailOptOuts')
        .where('accountId', '=', accountId)
        .where('list', '=', list)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
