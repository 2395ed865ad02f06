import type {
  AdminContent,
  AdminCreator,
  hideContentInput,
  reinstateCreatorInput,
  suspendCreatorInput,
  unhideContentInput,
} from '@kholo/contracts';
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

  return {
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
