import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';

export interface AuditActor {
  id: string;
  email: string;
}

export interface AdminAction {
  actor: AuditActor;
  /** What was done, as `subject.verb`: wallet.adjust, withdrawal.mark_paid, content.hide … */
  action: string;
  subjectId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  at: number;
}

/**
 * The audit log of admin actions (issue 6 §7). Written inside the same transaction as the change
 * it records, so there is never a change without its entry or an entry without its change.
 */
export function createAuditRepository(db: Kysely<Database>): AuditRepository {
  return joinable(auditQueries, db);
}

export type AuditRepository = Joinable<ReturnType<typeof auditQueries>>;

function auditQueries(db: Kysely<Database>) {
  return {
    async record(entry: AdminAction): Promise<void> {
      await db
        .insertInto('auditLog')
        .values({
          id: randomUUID(),
          actorId: entry.actor.id,
          actorEmail: entry.actor.email,
          action: entry.action,
          subjectId: entry.subjectId,
          before: entry.before === null ? null : JSON.stringify(entry.before),
          after: entry.after === null ? null : JSON.stringify(entry.after),
          reason: entry.reason,
          createdAt: entry.at,
        })
        .execute();
    },

    async listLatest(limit: number) {
      return db
        .selectFrom('auditLog')
        .select(['id', 'createdAt', 'actorEmail', 'action', 'subjectId', 'before', 'after', 'reason'])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
