/**
 * Trust and safety's rules and words (issue 24), without zod: shared by the server, the web and
 * the schemas. The lanes' times are those of the IT Rules 2021 as amended in Feb 2026
 * (india-compliance.md §3.3): intimate images, nudity and impersonation within 2 hours of the
 * complaint; other unlawful content under Rule 3(1)(b) within 36 hours; any other grievance
 * acknowledged within 24 hours and resolved within 7 days.
 */

export const REPORT_REASONS = [
  'nudity',
  'intimate_images',
  'child_safety',
  'impersonation',
  'copyright',
  'violence_hate_harassment',
  'scam_fraud',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reasons as the Report dialog lists them, in this order. */
export const REPORT_REASON_TEXT: Record<ReportReason, string> = {
  nudity: 'Sexual content or nudity',
  intimate_images: 'Intimate images shared without consent',
  child_safety: 'Child safety',
  impersonation: 'Impersonation or a deepfake',
  copyright: 'Copyright or stolen content',
  violence_hate_harassment: 'Violence, hate or harassment',
  scam_fraud: 'Scam or fraud',
  other: 'Something else',
};

/** Reasons whose report needs more than the tap: words for "other", the original's link for copyright. */
export function reasonNeedsMore(reason: ReportReason): boolean {
  return reason === 'other' || reason === 'copyright';
}

/** How long after a report its reporter may still add details or her email. */
export const REPORT_AMEND_WINDOW_MS = 60 * 60_000;

/** `urgent`: 2 hours; `unlawful`: 36 hours; `grievance`: 7 days (acknowledged within 24 hours). */
export const SAFETY_LANES = ['urgent', 'unlawful', 'grievance'] as const;
export type SafetyLane = (typeof SAFETY_LANES)[number];

const HOUR_MS = 60 * 60_000;

/** From the report to the decision. */
export const LANE_DEADLINE_MS: Record<SafetyLane, number> = {
  urgent: 2 * HOUR_MS,
  unlawful: 36 * HOUR_MS,
  grievance: 7 * 24 * HOUR_MS,
};

/** From a grievance to its acknowledgement (Rule 3(2)(a)); Kholo acknowledges by email at once. */
export const GRIEVANCE_ACKNOWLEDGE_MS = 24 * HOUR_MS;

export const LANE_TEXT: Record<SafetyLane, string> = {
  urgent: '2 hours',
  unlawful: '36 hours',
  grievance: '7 days',
};

/** Which lane a report's reason puts it in. Child safety goes in the fastest lane with intimate images. */
export const LANE_OF_REASON: Record<ReportReason, SafetyLane> = {
  nudity: 'urgent',
  intimate_images: 'urgent',
  child_safety: 'urgent',
  impersonation: 'urgent',
  copyright: 'unlawful',
  violence_hate_harassment: 'unlawful',
  scam_fraud: 'unlawful',
  other: 'grievance',
};

/** Reports in these lanes take the item out of view at once, pending the admin's review. */
export function laneHoldsItem(lane: SafetyLane): boolean {
  return lane !== 'grievance';
}

/**
 * After the admin dismisses a report of an item, new reports of it wait in the queue without
 * hiding it for this long: otherwise one anonymous report after every dismissal would keep any
 * item out of view for ever.
 */
export const DISMISSED_ITEM_SHIELD_MS = 30 * 24 * HOUR_MS;

/** Upheld reports against one creator that suspend her, pending review. */
export const UPHELD_REPORTS_TO_SUSPEND = 3;

/**
 * What a ticket is: a report of an item or a creator page; a complaint to the Grievance Officer;
 * a creator's request to review the removal of her item (a counter-notice).
 */
export const TICKET_KINDS = ['report', 'grievance', 'review_request'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

export const TICKET_STATUSES = ['open', 'removed', 'dismissed', 'suspended', 'restored', 'kept', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** What the admin can decide on an open ticket, by kind (and, for reports, by subject). */
export const TICKET_ACTIONS = ['remove', 'dismiss', 'suspend', 'restore', 'keep', 'close'] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

export const GRIEVANCE_TOPICS = ['content', 'account', 'payment', 'privacy', 'other'] as const;
export type GrievanceTopic = (typeof GRIEVANCE_TOPICS)[number];
export const GRIEVANCE_TOPIC_TEXT: Record<GrievanceTopic, string> = {
  content: 'Content on Kholo',
  account: 'My account',
  payment: 'A payment or refund',
  privacy: 'My personal data',
  other: 'Something else',
};

export const SAFETY_LIMITS = {
  detailsMax: 2000,
  /** "Something else" and copyright need words; the others may come without. */
  detailsMinWhenRequired: 10,
  urlMax: 500,
  nameMax: 100,
  explanationMin: 20,
  explanationMax: 2000,
  noteMax: 1000,
} as const;

export const SAFETY_MESSAGES = {
  noItem: 'There is no item with that id.',
  noCreator: 'There is no creator with that name.',
  itemTakenDown: 'This item has already been taken down.',
  heldItemDelete: 'This item is under review after a report. You can delete it once we have decided.',
  heldItemHide: 'This item is under review after a report: decide it in the Reports tab.',
  pageTakenDown: 'This creator’s page has already been taken down.',
  ownItem: 'This is your own item. To take it off Kholo, delete it from your dashboard.',
  ownPage: 'This is your own page.',
  subjectRequired: 'Say which item or creator you are reporting.',
  oneSubject: 'Report one item or one creator at a time.',
  detailsRequired: 'Please tell us what is wrong (at least 10 characters).',
  originalUrlRequired: 'Please give the link to the original, so we can compare.',
  rateLimited: 'You have sent many reports just now. Please wait a while and try again.',
  noTicket: 'There is no report with that ticket number.',
  ticketDecided: 'This ticket has been decided already.',
  actionNotAllowed: 'That action does not apply to this ticket.',
  notRemoved: 'Only an item removed after a report can be reviewed again.',
  reviewAlreadyAsked: 'You have already asked for a review of this item.',
  explanationRequired: 'Please explain why the item should come back (at least 20 characters).',
  noteRequired: 'Please write the reason: the creator and the person who wrote in are sent it.',
  amendClosed: 'This report can no longer be changed. Write to the Grievance Officer instead.',
} as const;
