import { z } from 'zod';
import {
  GRIEVANCE_TOPICS,
  REPORT_REASONS,
  SAFETY_LANES,
  SAFETY_LIMITS,
  SAFETY_MESSAGES,
  TICKET_ACTIONS,
  TICKET_KINDS,
  TICKET_STATUSES,
} from './safety-rules.js';

/**
 * Trust and safety's requests and answers (issue 24): reports, the takedown queue, a creator's
 * request for review, and complaints to the Grievance Officer.
 */

const optionalEmail = z
  .string({ error: 'Please enter a valid email address, like name@example.com.' })
  .trim()
  .max(254, 'That email address is too long.')
  .transform((value) => value.toLowerCase())
  .pipe(z.union([z.literal(''), z.email({ error: 'Please enter a valid email address, like name@example.com.' })]))
  .transform((value) => (value === '' ? null : value))
  .optional();

const requiredEmail = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .min(1, 'Please enter your email address.')
  .max(254, 'That email address is too long.')
  .pipe(z.email({ error: 'Please enter a valid email address, like name@example.com.' }))
  .transform((value) => value.toLowerCase());

const details = z
  .string({ error: 'Please write what is wrong as text.' })
  .trim()
  .max(
    SAFETY_LIMITS.detailsMax,
    `Please keep it under ${SAFETY_LIMITS.detailsMax.toLocaleString('en-IN')} characters.`,
  );

const link = z
  .string({ error: 'Please give the link as text.' })
  .trim()
  .max(SAFETY_LIMITS.urlMax, 'That link is too long.')
  .pipe(
    z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Please give a full link, starting with https://' })]),
  )
  .transform((value) => (value === '' ? null : value))
  .optional();

/** POST /api/reports: anyone, signed in or not; rate-limited per network. */
export const reportInput = z
  .strictObject({
    contentId: z.string().trim().min(1).max(64).optional(),
    creatorHandle: z.string().trim().min(1).max(64).optional(),
    reason: z.enum(REPORT_REASONS, { error: 'Please choose what is wrong.' }),
    details: details.optional(),
    /** For copyright: where the original is. */
    originalUrl: link,
    /** Optional: the outcome is emailed here. */
    email: optionalEmail,
  })
  .superRefine((value, ctx) => {
    const subjects = (value.contentId === undefined ? 0 : 1) + (value.creatorHandle === undefined ? 0 : 1);
    if (subjects === 0) ctx.addIssue({ code: 'custom', path: ['contentId'], message: SAFETY_MESSAGES.subjectRequired });
    if (subjects === 2) ctx.addIssue({ code: 'custom', path: ['creatorHandle'], message: SAFETY_MESSAGES.oneSubject });
    const words = value.details ?? '';
    if (value.reason === 'other' && words.length < SAFETY_LIMITS.detailsMinWhenRequired) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: SAFETY_MESSAGES.detailsRequired });
    }
    if (value.reason === 'copyright' && (value.originalUrl ?? null) === null) {
      ctx.addIssue({ code: 'custom', path: ['originalUrl'], message: SAFETY_MESSAGES.originalUrlRequired });
    }
  });
export type ReportInput = z.input<typeof reportInput>;

/** The reporter's receipt: her ticket number and when Kholo will have decided. */
export const ticketReceipt = z.object({
  ticket: z.string(),
  lane: z.enum(SAFETY_LANES),
  dueAt: z.number().int(),
  /** Whether the item reported is out of view while Kholo looks (held by this report or an earlier one). */
  held: z.boolean(),
  /**
   * A report's: lets this reporter add details or her email afterwards (POST
   * /api/reports/:ticket/details), so a report can be sent in two taps and explained after. Null
   * for grievances and review requests.
   */
  amendToken: z.string().nullable(),
});
export type TicketReceipt = z.infer<typeof ticketReceipt>;

/** POST /api/reports/:ticket/details: what the reporter adds after a two-tap report, once, within an hour. */
export const reportDetailsInput = z
  .strictObject({
    amendToken: z.string().min(1).max(200),
    details: details.optional(),
    originalUrl: link,
    email: optionalEmail,
  })
  .refine(
    (value) => (value.details ?? '') !== '' || (value.originalUrl ?? null) !== null || (value.email ?? null) !== null,
    {
      path: ['details'],
      error: 'Please add some details, a link or your email.',
    },
  );
export type ReportDetailsInput = z.input<typeof reportDetailsInput>;

/** POST /api/grievances: a complaint to the Grievance Officer (the /grievance page's form). */
export const grievanceInput = z.strictObject({
  name: z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(SAFETY_LIMITS.nameMax, `Please keep your name under ${SAFETY_LIMITS.nameMax} characters.`),
  email: requiredEmail,
  topic: z.enum(GRIEVANCE_TOPICS, { error: 'Please choose what your complaint is about.' }),
  details: details.min(SAFETY_LIMITS.detailsMinWhenRequired, SAFETY_MESSAGES.detailsRequired),
  /** A link to what the complaint is about, if there is one. */
  link,
});
export type GrievanceInput = z.input<typeof grievanceInput>;

/** POST /api/studio/contents/:id/review-request: the creator's counter-notice. */
export const reviewRequestInput = z.strictObject({
  explanation: z
    .string({ error: SAFETY_MESSAGES.explanationRequired })
    .trim()
    .min(SAFETY_LIMITS.explanationMin, SAFETY_MESSAGES.explanationRequired)
    .max(
      SAFETY_LIMITS.explanationMax,
      `Please keep it under ${SAFETY_LIMITS.explanationMax.toLocaleString('en-IN')} characters.`,
    ),
});
export type ReviewRequestInput = z.input<typeof reviewRequestInput>;

/** What a removed or held item tells its creator in her Content tab. */
export const studioTakedown = z.object({
  state: z.enum(['under_review', 'removed']),
  /** The reason in words: the report's while under review, the admin's once removed. */
  reason: z.string(),
  /** While under review: what the report that holds it says is wrong; null once removed. */
  reportReason: z.enum(REPORT_REASONS).nullable(),
  /** While under review: when Kholo will have decided (that report's deadline); null once removed. */
  decideBy: z.number().int().nullable(),
  /** True while she may still ask for a review (removed after a report, none asked yet). */
  canAskForReview: z.boolean(),
  reviewRequest: z.object({ ticket: z.string(), status: z.enum(TICKET_STATUSES) }).nullable(),
});
export type StudioTakedown = z.infer<typeof studioTakedown>;

const ticketSubject = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('content'),
    id: z.string(),
    title: z.string(),
    creatorId: z.string(),
    creatorHandle: z.string(),
    creatorName: z.string(),
    /** Null when the item is in view; the reason otherwise (held for review, removed, hidden). */
    hiddenReason: z.string().nullable(),
    deleted: z.boolean(),
  }),
  z.object({
    type: z.literal('creator'),
    id: z.string(),
    handle: z.string(),
    name: z.string(),
    suspended: z.boolean(),
  }),
]);

/** One row of the takedown queue (GET /api/admin/reports). */
export const safetyTicket = z.object({
  ticket: z.string(),
  kind: z.enum(TICKET_KINDS),
  /** A report's reason; null for grievances and review requests. */
  reason: z.enum(REPORT_REASONS).nullable(),
  /** A grievance's topic; null otherwise. */
  topic: z.enum(GRIEVANCE_TOPICS).nullable(),
  lane: z.enum(SAFETY_LANES),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.number().int(),
  dueAt: z.number().int(),
  /** True once an open ticket is past its deadline (by the server's clock when it answered). */
  overdue: z.boolean(),
  subject: ticketSubject.nullable(),
  details: z.string().nullable(),
  originalUrl: z.string().nullable(),
  /** Who wrote in: the email given or the signed-in account's; null for an anonymous report. */
  reporterEmail: z.string().nullable(),
  reporterName: z.string().nullable(),
  /** Whether this report took the item out of view pending review. */
  heldItem: z.boolean(),
  decidedAt: z.number().int().nullable(),
  decisionNote: z.string().nullable(),
  /** What the admin may do now; empty once decided. */
  actions: z.array(z.enum(TICKET_ACTIONS)),
});
export type SafetyTicket = z.infer<typeof safetyTicket>;

/** GET /api/admin/reports: open tickets first by deadline, then the last decided ones. */
export const safetyQueue = z.object({
  items: z.array(safetyTicket),
  counts: z.object({
    open: z.number().int(),
    overdue: z.number().int(),
    /** Open and due within the next 2 hours. */
    dueSoon: z.number().int(),
  }),
  now: z.number().int(),
});
export type SafetyQueue = z.infer<typeof safetyQueue>;

/** POST /api/admin/reports/:ticket/decide */
export const decideTicketInput = z.strictObject({
  action: z.enum(TICKET_ACTIONS, { error: 'Please choose what to do.' }),
  /** Why: emailed to the creator and the reporter, kept in the audit log. Required to remove or suspend. */
  note: z
    .string({ error: 'Please write the reason as text.' })
    .trim()
    .max(SAFETY_LIMITS.noteMax, `Please keep it under ${SAFETY_LIMITS.noteMax.toLocaleString('en-IN')} characters.`)
    .optional(),
});
export type DecideTicketInput = z.input<typeof decideTicketInput>;
