import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SafetyTicketsTable } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';

export type TicketRow = Selectable<SafetyTicketsTable>;
export type NewTicket = Insertable<SafetyTicketsTable>;
type DecidedStatus = Exclude<TicketRow['status'], 'open'>;

/** The item a report names, with what the queue and the rules need to know of it and its creator. */
export interface ContentSubjectRow {
  id: string;
  title: string;
  creatorId: string;
  hiddenAt: number | null;
  hiddenReason: string | null;
  heldAt: number | null;
  deletedAt: number | null;
  creatorHandle: string;
  creatorName: string;
  creatorEmail: string;
}

export interface CreatorSubjectRow {
  id: string;
  handle: string;
  name: string;
  email: string;
  suspendedAt: number | null;
}

/** SQL for trust and safety's tickets (ADR 023), and the reads of the items and pages they name. */
export function createTicketsRepository(db: Kysely<Database>): TicketsRepository {
  return joinable(ticketQueries, db);
}

export type TicketsRepository = Joinable<ReturnType<typeof ticketQueries>>;

function ticketQueries(db: Kysely<Database>) {
  function contentSubjects() {
    return db
      .selectFrom('contents')
      .innerJoin('creators', 'creators.userId', 'contents.creatorId')
      .innerJoin('authUsers', 'authUsers.id', 'contents.creatorId')
      .select([
        'contents.id',
        'contents.title',
        'contents.creatorId',
        'contents.hiddenAt',
        'contents.hiddenReason',
        'contents.heldAt',
        'contents.deletedAt',
        'creators.handle as creatorHandle',
        'creators.name as creatorName',
        'authUsers.email as creatorEmail',
      ]);
  }

  function creatorSubjects() {
    return db
      .selectFrom('creators')
      .innerJoin('authUsers', 'authUsers.id', 'creators.userId')
      .select(['creators.userId as id', 'creators.handle', 'creators.name', 'authUsers.email', 'creators.suspendedAt']);
  }

  return {
    async insert(ticket: NewTicket): Promise<void> {
      await db.insertInto('safetyTickets').values(ticket).execute();
    },

    async findByTicket(ticket: string): Promise<TicketRow | undefined> {
      return db.selectFrom('safetyTickets').selectAll().where('ticket', '=', ticket).executeTakeFirst();
    },

    async findById(id: string): Promise<TicketRow | undefined> {
      return db.selectFrom('safetyTickets').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findContentSubject(id: string): Promise<ContentSubjectRow | undefined> {
      return contentSubjects().where('contents.id', '=', id).executeTakeFirst();
    },

    async findContentSubjects(ids: readonly string[]): Promise<ContentSubjectRow[]> {
      if (ids.length === 0) return [];
      return contentSubjects().where('contents.id', 'in', ids).execute();
    },

    async findCreatorByHandle(handle: string): Promise<CreatorSubjectRow | undefined> {
      return creatorSubjects().where('creators.handle', '=', handle).executeTakeFirst();
    },

    async findCreatorSubject(id: string | null): Promise<CreatorSubjectRow | undefined> {
      if (id === null) return undefined;
      return creatorSubjects().where('creators.userId', '=', id).executeTakeFirst();
    },

    async findCreatorSubjects(ids: readonly string[]): Promise<CreatorSubjectRow[]> {
      if (ids.length === 0) return [];
      return creatorSubjects().where('creators.userId', 'in', ids).execute();
    },

    /** The queue: every open ticket by deadline, then the latest decided ones. */
    async listForQueue(decidedLimit: number): Promise<TicketRow[]> {
      const open = await db
        .selectFrom('safetyTickets')
        .selectAll()
        .where('status', '=', 'open')
        .orderBy('dueAt', 'asc')
        .orderBy('createdAt', 'asc')
        .execute();
      const decided = await db
        .selectFrom('safetyTickets')
        .selectAll()
        .where('status', '<>', 'open')
        .orderBy('decidedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(decidedLimit)
        .execute();
      return [...open, ...decided];
    },

    /** The Dashboard's counts: open tickets, and those past their deadline. */
    async countOpen(now: number): Promise<{ open: number; overdue: number }> {
      const row = await db
        .selectFrom('safetyTickets')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('open'),
          eb.fn.sum<number | string | null>(eb.case().when('dueAt', '<', now).then(1).else(0).end()).as('overdue'),
        ])
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow();
      return { open: Number(row.open), overdue: Number(row.overdue ?? 0) };
    },

    /** The open reports of one item or one creator page: a decision answers them all. */
    async openReportsOn(subject: { contentId: string } | { creatorId: string }): Promise<TicketRow[]> {
      let query = db.selectFrom('safetyTickets').selectAll().where('status', '=', 'open').where('kind', '=', 'report');
      query =
        'contentId' in subject
          ? query.where('contentId', '=', subject.contentId)
          : query.where('creatorId', '=', subject.creatorId).where('contentId', 'is', null);
      return query.orderBy('createdAt', 'asc').execute();
    },

    /**
     * Decides open tickets, each only if still open: of two admins deciding at once, one gets
     * them. Returns the ids this call decided.
     */
    async decide(
      ids: readonly string[],
      decision: { status: DecidedStatus; at: number; by: string; note: string | null },
    ): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable('safetyTickets')
        .set({ status: decision.status, decidedAt: decision.at, decidedBy: decision.by, decisionNote: decision.note })
        .where('id', 'in', ids)
        .where('status', '=', 'open')
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Adds what a reporter wrote after her two-tap report, once. */
    async amend(
      id: string,
      change: { details: string | null; originalUrl: string | null; email: string | null; at: number },
    ): Promise<boolean> {
      const result = await db
        .updateTable('safetyTickets')
        .set((eb) => ({
          details: change.details === null ? eb.ref('details') : change.details,
          originalUrl: change.originalUrl === null ? eb.ref('originalUrl') : change.originalUrl,
          reporterEmail: change.email === null ? eb.ref('reporterEmail') : change.email,
          amendedAt: change.at,
          amendTokenHash: null,
        }))
        .where('id', '=', id)
        .where('amendedAt', 'is', null)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Distinct items (and creator pages) of hers that upheld reports took down, leaving out items a
     * review of hers brought back.
     */
    async upheldSubjectsAgainst(creatorId: string): Promise<number> {
      const rows = await db
        .selectFrom('safetyTickets as report')
        .select(['report.contentId'])
        .distinct()
        .where('report.creatorId', '=', creatorId)
        .where('report.kind', '=', 'report')
        .where('report.status', 'in', ['removed', 'suspended'])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('safetyTickets as review')
                .select('review.id')
                .whereRef('review.contentId', '=', 'report.contentId')
                .where('review.kind', '=', 'review_request')
                .where('review.status', '=', 'restored')
                .whereRef('review.decidedAt', '>=', 'report.decidedAt'),
            ),
          ),
        )
        .execute();
      return rows.length;
    },

    /** Whether the admin dismissed a report of this item since `since` (it then holds off new holds). */
    async dismissedReportSince(contentId: string, since: number): Promise<boolean> {
      const row = await db
        .selectFrom('safetyTickets')
        .select('id')
        .where('contentId', '=', contentId)
        .where('kind', '=', 'report')
        .where('status', '=', 'dismissed')
        .where('decidedAt', '>=', since)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Review requests of these items, newest first: the Content tab's takedown lines. */
    async reviewRequestsFor(contentIds: readonly string[]): Promise<TicketRow[]> {
      if (contentIds.length === 0) return [];
      return db
        .selectFrom('safetyTickets')
        .selectAll()
        .where('kind', '=', 'review_request')
        .where('contentId', 'in', contentIds)
        .orderBy('createdAt', 'desc')
        .execute();
    },

    /** The open reports holding these items out of view, for what the creator is told. */
    async holdingReportsFor(contentIds: readonly string[]): Promise<TicketRow[]> {
      if (contentIds.length === 0) return [];
      return db
        .selectFrom('safetyTickets')
        .selectAll()
        .where('kind', '=', 'report')
        .where('heldItem', '=', 1)
        .where('status', '=', 'open')
        .where('contentId', 'in', contentIds)
        .orderBy('createdAt', 'desc')
        .execute();
    },
  };
}
