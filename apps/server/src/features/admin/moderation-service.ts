import type {
  AdminContent,
  AdminCreator,
  hideContentInput,
  reinstateCreatorInput,
  suspendCreatorInput,
  unhideContentInput,
} from '@kholo/contracts';
import { SAFETY_MESSAGES } from '@kholo/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Transact } from '../../lib/transactions.js';
import type { RefundsService } from '../refunds/index.js';
import type { AuditActor, AuditRepository } from '../audit/index.js';
import type { AdminRepository } from './admin-repository.js';
import { adminContentOf } from './admin-service.js';

export const MODERATION_MESSAGES = {
  noItem: 'There is no item with that id.',
  alreadyHidden: 'This item is already hidden.',
  notHidden: 'This item is not hidden.',
  noCreator: 'There is no creator with that id.',
  alreadySuspended: 'This creator is already suspended.',
  notSuspended: 'This creator is not suspended.',
  ownAccount: 'You cannot suspend your own account.',
} as const;

/**
 * The admin's switches for items that break the Terms and creators who do (ADR 012). Each is one
 * transaction: a conditional UPDATE that only the first of several simultaneous clicks gets to
 * make, then the audit row, so there is never a change without its entry or two entries for one.
 */
export function createModerationService(deps: {
  admin: AdminRepository;
  audit: AuditRepository;
  transaction: Transact;
  clock: Clock;
  /** Refunds the fans of an item taken down, in the hide's transaction. */
  refunds: Pick<RefundsService, 'refundItemFans'>;
}) {
  function inTransaction<T>(
    work: (admin: AdminRepository, audit: AuditRepository, trx: Kysely<Database>) => Promise<T>,
  ): Promise<T> {
    return deps.transaction((trx) => work(deps.admin.within(trx), deps.audit.within(trx), trx));
  }

  /** Why nothing changed: the item is gone, or already in the state asked for. */
  async function contentConflict(admin: AdminRepository, id: string, wantHidden: boolean): Promise<AppError> {
    const now = await admin.findContentStanding(id);
    if (now === undefined) return new AppError('NOT_FOUND', MODERATION_MESSAGES.noItem);
    if (wantHidden) {
      if (now.heldAt !== null) return new AppError('CONFLICT', SAFETY_MESSAGES.heldItemHide);
      return now.hiddenAt !== null
        ? new AppError('CONFLICT', MODERATION_MESSAGES.alreadyHidden)
        : new AppError('CONFLICT', 'This item changed just now. Please reload and try again.');
    }
    return now.hiddenAt === null
      ? new AppError('CONFLICT', MODERATION_MESSAGES.notHidden)
      : new AppError('CONFLICT', 'This item changed just now. Please reload and try again.');
  }

  async function creatorConflict(admin: AdminRepository, id: string, wantSuspended: boolean): Promise<AppError> {
    const now = await admin.findCreatorStanding(id);
    if (now === undefined) return new AppError('NOT_FOUND', MODERATION_MESSAGES.noCreator);
    if (wantSuspended) {
      return now.suspendedAt !== null
        ? new AppError('CONFLICT', MODERATION_MESSAGES.alreadySuspended)
        : new AppError('CONFLICT', 'This creator changed just now. Please reload and try again.');
    }
    return now.suspendedAt === null
      ? new AppError('CONFLICT', MODERATION_MESSAGES.notSuspended)
      : new AppError('CONFLICT', 'This creator changed just now. Please reload and try again.');
  }

  async function contentAfter(admin: AdminRepository, id: string): Promise<AdminContent> {
    const row = await admin.findContent(id);
    if (row === undefined) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.noItem);
    return adminContentOf(row);
  }

  async function creatorAfter(admin: AdminRepository, id: string): Promise<AdminCreator> {
    const row = await admin.findCreator(id);
    if (row === undefined) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.noCreator);
    return row;
  }

  /**
   * The switches the takedown queue (features/safety, ADR 023) pulls inside its own transaction,
   * so a ticket's decision and the change it makes commit together. Each changes the row only
   * from the state it expects and says whether it did; each change has its audit row.
   */
  function within(trx: Kysely<Database>) {
    const admin = deps.admin.within(trx);
    const audit = deps.audit.within(trx);
    return {
      /** Takes an item in view out of view pending review: no refunds, since a dismissal gives it back. */
      async hold(actor: AuditActor, contentId: string, change: { reason: string; at: number }): Promise<boolean> {
        const after = { hiddenAt: change.at, hiddenReason: change.reason, heldAt: change.at };
        if (!(await admin.setContentHidden(contentId, null, after))) return false;
        await audit.record({
          actor,
          action: 'content.hold',
          subjectId: contentId,
          before: { hiddenAt: null },
          after,
          reason: change.reason,
          at: change.at,
        });
        return true;
      },

      /** Gives a held item back (the reports were wrong). An item hidden for good stays hidden. */
      async release(
        actor: AuditActor,
        contentId: string,
        change: { note: string | null; at: number },
      ): Promise<boolean> {
        const now = await admin.findContentStanding(contentId);
        if (now === undefined || now.hiddenAt === null || now.heldAt === null) return false;
        if (!(await admin.setContentHidden(contentId, now.hiddenAt, { hiddenAt: null, hiddenReason: null })))
          return false;
        await audit.record({
          actor,
          action: 'content.release',
          subjectId: contentId,
          before: { hiddenAt: now.hiddenAt, hiddenReason: now.hiddenReason, heldAt: now.heldAt },
          after: { hiddenAt: null, hiddenReason: null, heldAt: null },
          reason: change.note,
          at: change.at,
        });
        return true;
      },

      /**
       * Takes an item down for good, held or in view: hidden with the reason, and every fan whose
       * access still ran refunded and told why (ADR 021). Nothing changes for an item already down.
       */
      async takeDown(
        actor: AuditActor,
        contentId: string,
        change: { reason: string; at: number },
      ): Promise<{ changed: boolean; refundedFans: number; refundedPaise: number }> {
        const now = await admin.findContentStanding(contentId);
        if (now === undefined || (now.hiddenAt !== null && now.heldAt === null)) {
          return { changed: false, refundedFans: 0, refundedPaise: 0 };
        }
        const after = { hiddenAt: change.at, hiddenReason: change.reason };
        if (!(await admin.setContentHidden(contentId, now.hiddenAt, after))) {
          return { changed: false, refundedFans: 0, refundedPaise: 0 };
        }
        const refunded = await deps.refunds.refundItemFans(trx, {
          contentId,
          reason: change.reason,
          by: actor.id,
          at: change.at,
        });
        await audit.record({
          actor,
          action: 'content.hide',
          subjectId: contentId,
          before: { hiddenAt: now.hiddenAt, hiddenReason: now.hiddenReason, heldAt: now.heldAt },
          after: { ...after, refundedFans: refunded.fans, refundedPaise: refunded.amountPaise },
          reason: change.reason,
          at: change.at,
        });
        return { changed: true, refundedFans: refunded.fans, refundedPaise: refunded.amountPaise };
      },

      /** Shows an item taken down again (a creator's review upheld). Fans refunded stay refunded. */
      async restore(
        actor: AuditActor,
        contentId: string,
        change: { note: string | null; at: number },
      ): Promise<boolean> {
        const now = await admin.findContentStanding(contentId);
        if (now === undefined || now.hiddenAt === null) return false;
        if (!(await admin.setContentHidden(contentId, now.hiddenAt, { hiddenAt: null, hiddenReason: null })))
          return false;
        await audit.record({
          actor,
          action: 'content.unhide',
          subjectId: contentId,
          before: { hiddenAt: now.hiddenAt, hiddenReason: now.hiddenReason },
          after: { hiddenAt: null, hiddenReason: null },
          reason: change.note,
          at: change.at,
        });
        return true;
      },

      /** Suspends a creator not yet suspended: her page goes, her items cannot be bought; paid unlocks run on. */
      async suspend(actor: AuditActor, creatorId: string, change: { reason: string; at: number }): Promise<boolean> {
        const after = { suspendedAt: change.at, suspendedReason: change.reason };
        if (!(await admin.setCreatorSuspended(creatorId, null, after))) return false;
        await audit.record({
          actor,
          action: 'creator.suspend',
          subjectId: creatorId,
          before: { suspendedAt: null, suspendedReason: null },
          after,
          reason: change.reason,
          at: change.at,
        });
        return true;
      },

      standing: (contentId: string) => admin.findContentStanding(contentId),
      creatorStanding: (creatorId: string) => admin.findCreatorStanding(creatorId),
    };
  }

  return {
    within,

    /**
     * Takes an item off Kholo for everyone but its creator and the admin, unlocks included; every
     * fan whose access still ran is refunded and told why, in the same transaction (ADR 021).
     */
    hideContent(actor: AuditActor, input: z.output<typeof hideContentInput>): Promise<AdminContent> {
      return inTransaction(async (admin, audit, trx) => {
        const at = deps.clock.now();
        const after = { hiddenAt: at, hiddenReason: input.reason };
        if (!(await admin.setContentHidden(input.id, null, after))) throw await contentConflict(admin, input.id, true);
        const refunded = await deps.refunds.refundItemFans(trx, {
          contentId: input.id,
          reason: input.reason,
          by: actor.id,
          at,
        });
        await audit.record({
          actor,
          action: 'content.hide',
          subjectId: input.id,
          before: { hiddenAt: null, hiddenReason: null },
          after: { ...after, refundedFans: refunded.fans, refundedPaise: refunded.amountPaise },
          reason: input.reason,
          at,
        });
        return contentAfter(admin, input.id);
      });
    },

    unhideContent(actor: AuditActor, input: z.output<typeof unhideContentInput>): Promise<AdminContent> {
      return inTransaction(async (admin, audit) => {
        const at = deps.clock.now();
        const before = await admin.findContentStanding(input.id);
        if (before === undefined) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.noItem);
        if (before.hiddenAt === null) throw new AppError('CONFLICT', MODERATION_MESSAGES.notHidden);
        const after = { hiddenAt: null, hiddenReason: null };
        if (!(await admin.setContentHidden(input.id, before.hiddenAt, after))) {
          throw await contentConflict(admin, input.id, false);
        }
        await audit.record({
          actor,
          action: 'content.unhide',
          subjectId: input.id,
          before: { hiddenAt: before.hiddenAt, hiddenReason: before.hiddenReason },
          after,
          reason: null,
          at,
        });
        return contentAfter(admin, input.id);
      });
    },

    /** Her page goes, her items cannot be bought, her uploads are refused; paid unlocks run on. */
    suspendCreator(actor: AuditActor, input: z.output<typeof suspendCreatorInput>): Promise<AdminCreator> {
      // The admin account has no creator profile (admin-account.ts), but the rule is stated anyway.
      if (input.id === actor.id) throw new AppError('CONFLICT', MODERATION_MESSAGES.ownAccount);
      return inTransaction(async (admin, audit) => {
        const at = deps.clock.now();
        const after = { suspendedAt: at, suspendedReason: input.reason };
        if (!(await admin.setCreatorSuspended(input.id, null, after))) {
          throw await creatorConflict(admin, input.id, true);
        }
        await audit.record({
          actor,
          action: 'creator.suspend',
          subjectId: input.id,
          before: { suspendedAt: null, suspendedReason: null },
          after,
          reason: input.reason,
          at,
        });
        return creatorAfter(admin, input.id);
      });
    },

    reinstateCreator(actor: AuditActor, input: z.output<typeof reinstateCreatorInput>): Promise<AdminCreator> {
      return inTransaction(async (admin, audit) => {
        const at = deps.clock.now();
        const before = await admin.findCreatorStanding(input.id);
        if (before === undefined) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.noCreator);
        if (before.suspendedAt === null) throw new AppError('CONFLICT', MODERATION_MESSAGES.notSuspended);
        const after = { suspendedAt: null, suspendedReason: null };
        if (!(await admin.setCreatorSuspended(input.id, before.suspendedAt, after))) {
          throw await creatorConflict(admin, input.id, false);
        }
        await audit.record({
          actor,
          action: 'creator.reinstate',
          subjectId: input.id,
          before: { suspendedAt: before.suspendedAt, suspendedReason: before.suspendedReason },
          after,
          reason: null,
          at,
        });
        return creatorAfter(admin, input.id);
      });
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
/** The moderation switches inside a caller's transaction. */
export type ModerationSteps = ReturnType<ModerationService['within']>;
