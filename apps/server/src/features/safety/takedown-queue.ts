import { randomUUID } from 'node:crypto';
import type {
  Locale,
  decideTicketInput,
  grievanceInput,
  reportDetailsInput,
  reportInput,
  reviewRequestInput,
} from '@kholo/contracts';
import {
  DISMISSED_ITEM_SHIELD_MS,
  LANE_DEADLINE_MS,
  LANE_OF_REASON,
  laneHoldsItem,
  REPORT_AMEND_WINDOW_MS,
  REPORT_REASON_TEXT,
  type ReportReason,
  SAFETY_MESSAGES,
  type SafetyQueue,
  type SafetyTicket,
  type StudioTakedown,
  type TicketAction,
  type TicketReceipt,
  translate,
  UPHELD_REPORTS_TO_SUSPEND,
} from '@kholo/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { Transact } from '../../lib/transactions.js';
import type { ModerationService, ModerationSteps } from '../admin/index.js';
import type { AuditActor } from '../audit/index.js';
import type { EmailQueue, SendEmail } from '../email/index.js';
import {
  creatorSuspendedEmail,
  grievanceAnsweredEmail,
  grievanceReceivedEmail,
  itemRemovedEmail,
  itemRestoredEmail,
  itemUnderReviewEmail,
  reportDecidedEmail,
  reportReceivedEmail,
  reviewKeptEmail,
  type ReportedThing,
  reviewRequestedEmail,
  type SafetyLinks,
  urgentReportEmail,
} from './safety-emails.js';
import { amendTokenMatches, newAmendToken, newTicketNumber, normaliseTicketNumber } from './ticket-numbers.js';
import type { ContentSubjectRow, CreatorSubjectRow, TicketRow, TicketsRepository } from './tickets-repository.js';

/** Who did what the rules do by themselves (a report's hold, a third upheld report's suspension), in the audit log. */
export const SAFETY_ACTOR: AuditActor = { id: 'kholo-safety', email: 'Kholo (automatic, a report)' };

/** Decided tickets the queue still shows under the open ones. */
const DECIDED_SHOWN = 50;
/** "Due soon": within the shortest lane's time. */
const DUE_SOON_MS = LANE_DEADLINE_MS.urgent;

type Reporter = { id: string; email: string; name: string } | null;

/** What a decision works with, all on one transaction. */
interface Steps {
  tickets: TicketsRepository;
  moderation: ModerationSteps;
  mail: SendEmail;
}

/**
 * The takedown queue (issue 24, ADR 023): reports of items and creator pages, complaints to the
 * Grievance Officer and creators' review requests, each with the deadline its lane's rule sets;
 * and the admin's decisions, which change the item or creator through the moderation switches in
 * the same transaction as the ticket, with the emails queued in it too.
 */
export function createTakedownQueue(deps: {
  tickets: TicketsRepository;
  moderation: Pick<ModerationService, 'within'>;
  transaction: Transact;
  clock: Clock;
  mail: EmailQueue;
  links: SafetyLinks;
}) {
  const { tickets, clock, links } = deps;

  function inTransaction<T>(work: (steps: Steps) => Promise<T>): Promise<T> {
    return deps.transaction((trx: Kysely<Database>) =>
      work({ tickets: tickets.within(trx), moderation: deps.moderation.within(trx), mail: deps.mail.within(trx) }),
    );
  }

  function holdReason(reason: ReportReason): string {
    // The catalogue's words, so the admin's Hindi finds this note by them (ADR 030).
    return translate('en', 'messages.safety.heldAfterReport', { reason: REPORT_REASON_TEXT[reason] });
  }

  /** What a report was about, for its emails to say in their reader's language. */
  function describe(subject: ContentSubjectRow | CreatorSubjectRow | undefined): ReportedThing {
    if (subject === undefined) return { kind: 'unknown' };
    return 'title' in subject
      ? { kind: 'item', title: subject.title, creatorName: subject.creatorName }
      : { kind: 'page', name: subject.name };
  }

  async function findReportSubject(
    reporter: Reporter,
    input: z.output<typeof reportInput>,
  ): Promise<ContentSubjectRow | CreatorSubjectRow> {
    if (input.contentId !== undefined) {
      const item = await tickets.findContentSubject(input.contentId);
      if (item === undefined || item.deletedAt !== null) throw new AppError('NOT_FOUND', SAFETY_MESSAGES.noItem);
      if (reporter !== null && reporter.id === item.creatorId) throw new AppError('CONFLICT', SAFETY_MESSAGES.ownItem);
      // Held items still take reports (they join the review); items taken down for good do not.
      if (item.hiddenAt !== null && item.heldAt === null) throw new AppError('CONFLICT', SAFETY_MESSAGES.itemTakenDown);
      return item;
    }
    const creator = await tickets.findCreatorByHandle((input.creatorHandle ?? '').toLowerCase());
    if (creator === undefined) throw new AppError('NOT_FOUND', SAFETY_MESSAGES.noCreator);
    if (reporter !== null && reporter.id === creator.id) throw new AppError('CONFLICT', SAFETY_MESSAGES.ownPage);
    if (creator.suspendedAt !== null) throw new AppError('CONFLICT', SAFETY_MESSAGES.pageTakenDown);
    return creator;
  }

  /** What the admin may do with an open ticket. */
  function actionsFor(row: TicketRow, subject: ContentSubjectRow | CreatorSubjectRow | undefined): TicketAction[] {
    if (row.status !== 'open') return [];
    if (row.kind === 'grievance') return ['close'];
    if (row.kind === 'review_request') {
      if (subject === undefined || !('title' in subject) || subject.deletedAt !== null) return ['keep'];
      // Shown again meanwhile (the admin's Content tab): all that is left is to say so.
      return subject.hiddenAt === null ? ['restore'] : ['restore', 'keep'];
    }
    if (row.contentId !== null) {
      // Its creator deleted it, or the admin took it down from the Content tab: nothing is left to
      // decide but to close the reports (as gone, or as upheld).
      if (subject === undefined || !('title' in subject) || subject.deletedAt !== null) return ['close'];
      if (subject.hiddenAt !== null && subject.heldAt === null) return ['close'];
      return ['remove', 'dismiss', 'suspend'];
    }
    return ['suspend', 'dismiss'];
  }

  function ticketView(
    row: TicketRow,
    subjects: { contents: Map<string, ContentSubjectRow>; creators: Map<string, CreatorSubjectRow> },
    now: number,
  ): SafetyTicket {
    const item = row.contentId === null ? undefined : subjects.contents.get(row.contentId);
    const creator = row.contentId === null && row.creatorId !== null ? subjects.creators.get(row.creatorId) : undefined;
    const subject = item ?? creator;
    return {
      ticket: row.ticket,
      kind: row.kind,
      reason: (row.reason as ReportReason | null) ?? null,
      topic: (row.topic as SafetyTicket['topic']) ?? null,
      lane: row.lane,
      status: row.status,
      createdAt: row.createdAt,
      dueAt: row.dueAt,
      overdue: row.status === 'open' && row.dueAt < now,
      subject:
        item !== undefined
          ? {
              type: 'content',
              id: item.id,
              title: item.title,
              creatorId: item.creatorId,
              creatorHandle: item.creatorHandle,
              creatorName: item.creatorName,
              hiddenReason: item.hiddenAt === null ? null : item.hiddenReason,
              deleted: item.deletedAt !== null,
            }
          : creator !== undefined
            ? {
                type: 'creator',
                id: creator.id,
                handle: creator.handle,
                name: creator.name,
                suspended: creator.suspendedAt !== null,
              }
            : null,
      details: row.details,
      originalUrl: row.originalUrl ?? row.link,
      reporterEmail: row.reporterEmail,
      reporterName: row.reporterName,
      heldItem: row.heldItem === 1,
      decidedAt: row.decidedAt,
      decisionNote: row.decisionNote,
      actions: actionsFor(row, subject),
    };
  }

  async function subjectsOf(rows: readonly TicketRow[]) {
    const contentIds = [...new Set(rows.flatMap((row) => (row.contentId === null ? [] : [row.contentId])))];
    const creatorIds = [
      ...new Set(rows.flatMap((row) => (row.contentId === null && row.creatorId !== null ? [row.creatorId] : []))),
    ];
    const [contents, creators] = await Promise.all([
      tickets.findContentSubjects(contentIds),
      tickets.findCreatorSubjects(creatorIds),
    ]);
    return {
      contents: new Map(contents.map((row) => [row.id, row])),
      creators: new Map(creators.map((row) => [row.id, row])),
    };
  }

  /** After a decision that upheld a report against her: the third suspends her, pending review. */
  async function suspendAfterUpheldReports(
    steps: Steps,
    creator: { id: string; email: string; name: string },
    at: number,
  ): Promise<void> {
    if ((await steps.tickets.upheldSubjectsAgainst(creator.id)) < UPHELD_REPORTS_TO_SUSPEND) return;
    const reason = `Suspended pending review: ${UPHELD_REPORTS_TO_SUSPEND} reports against this account were upheld.`;
    if (await steps.moderation.suspend(SAFETY_ACTOR, creator.id, { reason, at })) {
      await steps.mail.send(creatorSuspendedEmail(links, { to: creator.email, name: creator.name, reason }));
    }
  }

  function requireNote(action: TicketAction, note: string | undefined): string | null {
    const given = note === undefined || note === '' ? null : note;
    if (given === null && action !== 'dismiss' && action !== 'restore') {
      throw new AppError('VALIDATION_FAILED', SAFETY_MESSAGES.noteRequired, {
        fields: { note: SAFETY_MESSAGES.noteRequired },
      });
    }
    return given;
  }

  return {
    /** POST /api/reports: anyone. The 2-hour and 36-hour lanes take the item out of view at once. */
    /** `locale`: the request's language, for the reporter's email when her address has no account. */
    async report(reporter: Reporter, input: z.output<typeof reportInput>, locale?: Locale): Promise<TicketReceipt> {
      const subject = await findReportSubject(reporter, input);
      const at = clock.now();
      const lane = LANE_OF_REASON[input.reason];
      const dueAt = at + LANE_DEADLINE_MS[lane];
      const ticket = newTicketNumber('report');
      const amend = newAmendToken();
      const email = input.email ?? reporter?.email ?? null;
      const isItem = 'title' in subject;
      const held = await inTransaction(async (steps) => {
        // An item whose report the admin dismissed lately is not held again on a stranger's word.
        const holds =
          isItem &&
          laneHoldsItem(lane) &&
          !(await steps.tickets.dismissedReportSince(subject.id, at - DISMISSED_ITEM_SHIELD_MS)) &&
          (await steps.moderation.hold(SAFETY_ACTOR, subject.id, { reason: holdReason(input.reason), at }));
        // Out of view while we look: held now, or by an earlier report still waiting.
        const hidden = holds || (isItem && subject.heldAt !== null);
        await steps.tickets.insert({
          id: randomUUID(),
          ticket,
          kind: 'report',
          reason: input.reason,
          topic: null,
          lane,
          contentId: isItem ? subject.id : null,
          creatorId: isItem ? subject.creatorId : subject.id,
          details: input.details === undefined || input.details === '' ? null : input.details,
          originalUrl: input.originalUrl ?? null,
          link: null,
          reporterAccountId: reporter?.id ?? null,
          reporterEmail: email,
          reporterName: reporter?.name ?? null,
          heldItem: holds ? 1 : 0,
          amendTokenHash: amend.hash,
          createdAt: at,
          dueAt,
          acknowledgedAt: email === null ? null : at,
        });
        const described = describe(subject);
        if (email !== null) {
          await steps.mail.send(
            reportReceivedEmail(links, {
              to: email,
              ticket,
              reason: input.reason,
              lane,
              dueAt,
              subject: described,
              held: hidden,
            }),
            { locale },
          );
        }
        if (holds && 'title' in subject) {
          await steps.mail.send(
            itemUnderReviewEmail(links, {
              to: subject.creatorEmail,
              name: subject.creatorName,
              title: subject.title,
              reason: input.reason,
              dueAt,
            }),
          );
        }
        if (lane === 'urgent') {
          await steps.mail.send(
            urgentReportEmail(links, { ticket, reason: input.reason, dueAt, subject: described, held: hidden }),
          );
        }
        return hidden;
      });
      return { ticket, lane, dueAt, held, amendToken: amend.token };
    },

    /** POST /api/reports/:ticket/details: the reporter's words or email after a two-tap report, once, within the hour. */
    async addDetails(
      ticketNumber: string,
      input: z.output<typeof reportDetailsInput>,
      locale?: Locale,
    ): Promise<TicketReceipt> {
      const row = await tickets.findByTicket(normaliseTicketNumber(ticketNumber));
      if (row === undefined || row.kind !== 'report') throw new AppError('NOT_FOUND', SAFETY_MESSAGES.noTicket);
      if (row.amendedAt !== null || row.amendTokenHash === null)
        throw new AppError('CONFLICT', SAFETY_MESSAGES.amendClosed);
      if (!amendTokenMatches(input.amendToken, row.amendTokenHash))
        throw new AppError('NOT_FOUND', SAFETY_MESSAGES.noTicket);
      const at = clock.now();
      if (row.status !== 'open' || at > row.createdAt + REPORT_AMEND_WINDOW_MS) {
        throw new AppError('CONFLICT', SAFETY_MESSAGES.amendClosed);
      }
      const email = input.email ?? null;
      await inTransaction(async (steps) => {
        const changed = await steps.tickets.amend(row.id, {
          details: input.details === undefined || input.details === '' ? null : input.details,
          originalUrl: input.originalUrl ?? null,
          email,
          at,
        });
        if (!changed) throw new AppError('CONFLICT', SAFETY_MESSAGES.amendClosed);
        // A new address hears of the ticket now; one given with the report heard already.
        if (email !== null && email !== row.reporterEmail) {
          const subject =
            row.contentId !== null
              ? await steps.tickets.findContentSubject(row.contentId)
              : await steps.tickets.findCreatorSubject(row.creatorId);
          await steps.mail.send(
            reportReceivedEmail(links, {
              to: email,
              ticket: row.ticket,
              reason: row.reason as ReportReason,
              lane: row.lane,
              dueAt: row.dueAt,
              subject: describe(subject),
              held: row.heldItem === 1,
            }),
            { locale },
          );
        }
      });
      return { ticket: row.ticket, lane: row.lane, dueAt: row.dueAt, held: row.heldItem === 1, amendToken: null };
    },

    /** POST /api/grievances: a complaint to the Grievance Officer, acknowledged by email at once. */
    async fileGrievance(
      reporter: Reporter,
      input: z.output<typeof grievanceInput>,
      locale?: Locale,
    ): Promise<TicketReceipt> {
      const at = clock.now();
      const dueAt = at + LANE_DEADLINE_MS.grievance;
      const ticket = newTicketNumber('grievance');
      await inTransaction(async (steps) => {
        await steps.tickets.insert({
          id: randomUUID(),
          ticket,
          kind: 'grievance',
          reason: null,
          topic: input.topic,
          lane: 'grievance',
          contentId: null,
          creatorId: null,
          details: input.details,
          originalUrl: null,
          link: input.link ?? null,
          reporterAccountId: reporter?.id ?? null,
          reporterEmail: input.email,
          reporterName: input.name,
          amendTokenHash: null,
          createdAt: at,
          dueAt,
          acknowledgedAt: at,
        });
        await steps.mail.send(grievanceReceivedEmail(links, { to: input.email, ticket, topic: input.topic, dueAt }), {
          locale,
        });
      });
      return { ticket, lane: 'grievance', dueAt, held: false, amendToken: null };
    },

    /** POST /api/studio/contents/:id/review-request: the creator's counter-notice on a removed item. */
    async requestReview(
      creator: { id: string; email: string; name: string },
      contentId: string,
      input: z.output<typeof reviewRequestInput>,
    ): Promise<TicketReceipt> {
      const item = await tickets.findContentSubject(contentId);
      if (item === undefined || item.deletedAt !== null || item.creatorId !== creator.id) {
        throw new AppError('NOT_FOUND', SAFETY_MESSAGES.noItem);
      }
      if (item.hiddenAt === null || item.heldAt !== null) throw new AppError('CONFLICT', SAFETY_MESSAGES.notRemoved);
      const earlier = await tickets.reviewRequestsFor([contentId]);
      if (earlier.some((row) => row.status === 'open' || row.createdAt >= (item.hiddenAt ?? 0))) {
        throw new AppError('CONFLICT', SAFETY_MESSAGES.reviewAlreadyAsked);
      }
      const at = clock.now();
      const dueAt = at + LANE_DEADLINE_MS.grievance;
      const ticket = newTicketNumber('review_request');
      try {
        await inTransaction(async (steps) => {
          await steps.tickets.insert({
            id: randomUUID(),
            ticket,
            kind: 'review_request',
            reason: null,
            topic: null,
            lane: 'grievance',
            contentId,
            creatorId: creator.id,
            details: input.explanation,
            originalUrl: null,
            link: null,
            reporterAccountId: creator.id,
            reporterEmail: item.creatorEmail,
            reporterName: item.creatorName,
            amendTokenHash: null,
            createdAt: at,
            dueAt,
            acknowledgedAt: at,
          });
          await steps.mail.send(
            reviewRequestedEmail(links, {
              to: item.creatorEmail,
              name: item.creatorName,
              title: item.title,
              ticket,
              dueAt,
            }),
          );
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', SAFETY_MESSAGES.reviewAlreadyAsked);
        throw error;
      }
      return { ticket, lane: 'grievance', dueAt, held: false, amendToken: null };
    },

    /** GET /api/admin/reports */
    async queue(): Promise<SafetyQueue> {
      const now = clock.now();
      const rows = await tickets.listForQueue(DECIDED_SHOWN);
      const subjects = await subjectsOf(rows);
      const open = rows.filter((row) => row.status === 'open');
      return {
        items: rows.map((row) => ticketView(row, subjects, now)),
        counts: {
          open: open.length,
          overdue: open.filter((row) => row.dueAt < now).length,
          dueSoon: open.filter((row) => row.dueAt >= now && row.dueAt <= now + DUE_SOON_MS).length,
        },
        now,
      };
    },

    /** The Dashboard's counts. */
    counts: () => tickets.countOpen(clock.now()),

    /** POST /api/admin/reports/:ticket/decide */
    async decide(
      admin: AuditActor,
      ticketNumber: string,
      input: z.output<typeof decideTicketInput>,
    ): Promise<SafetyTicket> {
      const row = await tickets.findByTicket(normaliseTicketNumber(ticketNumber));
      if (row === undefined) throw new AppError('NOT_FOUND', SAFETY_MESSAGES.noTicket);
      if (row.status !== 'open') throw new AppError('CONFLICT', SAFETY_MESSAGES.ticketDecided);
      const before = await subjectsOf([row]);
      const allowed = actionsFor(
        row,
        row.contentId === null ? before.creators.get(row.creatorId ?? '') : before.contents.get(row.contentId),
      );
      if (!allowed.includes(input.action)) throw new AppError('BAD_REQUEST', SAFETY_MESSAGES.actionNotAllowed);
      const note = requireNote(input.action, input.note);
      const at = clock.now();

      const ticketId = row.id;
      await inTransaction(async (steps) => {
        /** Decides `ids` (this ticket among them) or fails as already decided, undoing the transaction. */
        async function decideAll(ids: string[], status: Exclude<TicketRow['status'], 'open'>): Promise<TicketRow[]> {
          const decided = await steps.tickets.decide(ids, { status, at, by: admin.id, note });
          if (!decided.includes(ticketId)) throw new AppError('CONFLICT', SAFETY_MESSAGES.ticketDecided);
          const all = await Promise.all(decided.map((id) => steps.tickets.findById(id)));
          return all.flatMap((one) => (one === undefined ? [] : [one]));
        }
        async function tellReporters(
          decided: readonly TicketRow[],
          subject: ReportedThing,
          outcome: 'upheld' | 'left' | 'gone',
        ): Promise<void> {
          for (const ticket of decided) {
            if (ticket.reporterEmail === null) continue;
            await steps.mail.send(
              reportDecidedEmail(links, { to: ticket.reporterEmail, ticket: ticket.ticket, subject, outcome, note }),
            );
          }
        }

        if (row.kind === 'grievance') {
          await decideAll([row.id], 'closed');
          if (row.reporterEmail !== null) {
            await steps.mail.send(
              grievanceAnsweredEmail(links, {
                to: row.reporterEmail,
                ticket: row.ticket,
                note: note ?? '',
              }),
            );
          }
          return;
        }

        if (row.kind === 'review_request') {
          const item = row.contentId === null ? undefined : await steps.tickets.findContentSubject(row.contentId);
          if (input.action === 'restore') {
            if (item === undefined) throw new AppError('CONFLICT', SAFETY_MESSAGES.noItem);
            // An item the admin already showed again from the Content tab needs no change.
            if (item.hiddenAt !== null && !(await steps.moderation.restore(admin, item.id, { note, at }))) {
              throw new AppError('CONFLICT', 'This item changed just now. Please reload and try again.');
            }
            await decideAll([row.id], 'restored');
            await steps.mail.send(
              itemRestoredEmail(links, {
                to: item.creatorEmail,
                name: item.creatorName,
                title: item.title,
                afterReview: true,
                note,
              }),
            );
          } else {
            await decideAll([row.id], 'kept');
            if (item !== undefined) {
              await steps.mail.send(
                reviewKeptEmail(links, {
                  to: item.creatorEmail,
                  name: item.creatorName,
                  title: item.title,
                  ticket: row.ticket,
                  note: note ?? '',
                }),
              );
            }
          }
          return;
        }

        if (row.contentId === null) {
          // A report of a creator page.
          const creator = await steps.tickets.findCreatorSubject(row.creatorId);
          const open = await steps.tickets.openReportsOn({ creatorId: row.creatorId ?? '' });
          const ids = open.map((ticket) => ticket.id);
          if (input.action === 'suspend') {
            const decided = await decideAll(ids, 'suspended');
            if (
              creator !== undefined &&
              (await steps.moderation.suspend(admin, creator.id, { reason: note ?? '', at }))
            ) {
              await steps.mail.send(
                creatorSuspendedEmail(links, { to: creator.email, name: creator.name, reason: note ?? '' }),
              );
            }
            await tellReporters(decided, describe(creator), 'upheld');
          } else {
            const decided = await decideAll(ids, 'dismissed');
            await tellReporters(decided, describe(creator), 'left');
          }
          return;
        }

        // A report of an item: the decision answers every open report of it.
        const item = await steps.tickets.findContentSubject(row.contentId);
        const open = await steps.tickets.openReportsOn({ contentId: row.contentId });
        const ids = open.map((ticket) => ticket.id);
        if (item === undefined || item.deletedAt !== null) {
          const decided = await decideAll(ids, 'closed');
          await tellReporters(decided, describe(item), 'gone');
          return;
        }
        const creator = { id: item.creatorId, email: item.creatorEmail, name: item.creatorName };
        if (input.action === 'close') {
          // Taken down for good already, from the Content tab: the reports were right.
          const decided = await decideAll(ids, 'removed');
          await tellReporters(decided, describe(item), 'upheld');
          await suspendAfterUpheldReports(steps, creator, at);
          return;
        }
        if (input.action === 'dismiss') {
          const released = await steps.moderation.release(admin, item.id, { note, at });
          const decided = await decideAll(ids, 'dismissed');
          if (released) {
            await steps.mail.send(
              itemRestoredEmail(links, {
                to: item.creatorEmail,
                name: item.creatorName,
                title: item.title,
                afterReview: false,
                note,
              }),
            );
          }
          await tellReporters(decided, describe(item), 'left');
          return;
        }
        const reason = note ?? '';
        const takenDown = await steps.moderation.takeDown(admin, item.id, { reason, at });
        const decided = await decideAll(ids, input.action === 'suspend' ? 'suspended' : 'removed');
        if (takenDown.changed) {
          await steps.mail.send(
            itemRemovedEmail(links, {
              to: item.creatorEmail,
              name: item.creatorName,
              title: item.title,
              reason,
              refundedFans: takenDown.refundedFans,
            }),
          );
        }
        await tellReporters(decided, describe(item), 'upheld');
        if (input.action === 'suspend') {
          if (await steps.moderation.suspend(admin, item.creatorId, { reason, at })) {
            await steps.mail.send(creatorSuspendedEmail(links, { to: creator.email, name: creator.name, reason }));
          }
        } else {
          await suspendAfterUpheldReports(steps, creator, at);
        }
      });

      const after = await tickets.findByTicket(row.ticket);
      if (after === undefined) throw new AppError('NOT_FOUND', SAFETY_MESSAGES.noTicket);
      return ticketView(after, await subjectsOf([after]), clock.now());
    },

    /**
     * What the creator's Content tab says of her items out of view: held pending review, or taken
     * down (by a report or by the admin) with the reason and whether she may ask for a review.
     */
    async studioTakedowns(
      items: readonly { id: string; hiddenAt: number | null; hiddenReason: string | null; heldAt: number | null }[],
    ): Promise<Map<string, StudioTakedown>> {
      const hidden = items.filter((item) => item.hiddenAt !== null);
      const ids = hidden.map((item) => item.id);
      const [reviews, holds] = await Promise.all([tickets.reviewRequestsFor(ids), tickets.holdingReportsFor(ids)]);
      const result = new Map<string, StudioTakedown>();
      for (const item of hidden) {
        if (item.heldAt !== null) {
          // The report that holds it (one per hold).
          const hold = holds.find((row) => row.contentId === item.id);
          result.set(item.id, {
            state: 'under_review',
            reason: item.hiddenReason ?? translate('en', 'messages.safety.heldAfterReportNoReason'),
            reportReason: (hold?.reason as ReportReason | undefined) ?? null,
            decideBy: hold?.dueAt ?? null,
            canAskForReview: false,
            reviewRequest: null,
          });
          continue;
        }
        // The latest request made since this takedown; an older one answered an earlier takedown.
        const review = reviews.find((row) => row.contentId === item.id && row.createdAt >= (item.hiddenAt ?? 0));
        result.set(item.id, {
          state: 'removed',
          reason: item.hiddenReason ?? '',
          reportReason: null,
          decideBy: null,
          canAskForReview: review === undefined,
          reviewRequest: review === undefined ? null : { ticket: review.ticket, status: review.status },
        });
      }
      return result;
    },
  };
}

export type TakedownQueue = ReturnType<typeof createTakedownQueue>;
