import {
  formatDateTime,
  GRIEVANCE_TOPIC_TEXT,
  type GrievanceTopic,
  LANE_TEXT,
  REPORT_REASON_TEXT,
  type ReportReason,
  type SafetyLane,
} from '@kholo/contracts';
import { renderEmail } from '../../providers/mail/email-layout.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

/** Where trust and safety's emails link to. */
export interface SafetyLinks {
  publicUrl: string;
  supportEmail: string;
  adminEmail: string;
}

function message(
  to: string,
  subject: string,
  links: SafetyLinks,
  content: { preview: string; heading: string; paragraphs: string[]; action?: { label: string; url: string } },
): MailMessage {
  const { html, text } = renderEmail({ ...content, supportEmail: links.supportEmail });
  return { to, subject, text, html, ...(content.action === undefined ? {} : { links: [content.action.url] }) };
}

const grievanceUrl = (links: SafetyLinks) => `${links.publicUrl}/grievance`;
const dashboardUrl = (links: SafetyLinks) => `${links.publicUrl}/?tab=content`;

/** To whoever reported, when she gave an email: her ticket and when it will be decided. */
export function reportReceivedEmail(
  links: SafetyLinks,
  report: {
    to: string;
    ticket: string;
    reason: ReportReason;
    lane: SafetyLane;
    dueAt: number;
    subject: string;
    /** Whether the report took the item out of view. */
    held: boolean;
  },
): MailMessage {
  return message(report.to, `We got your report (${report.ticket})`, links, {
    preview: `We will decide within ${LANE_TEXT[report.lane]}.`,
    heading: 'Thank you for your report',
    paragraphs: [
      `We received your report of ${report.subject} for “${REPORT_REASON_TEXT[report.reason]}”. Your ticket number is ${report.ticket}.`,
      `We will review it and decide by ${formatDateTime(report.dueAt)} (within ${LANE_TEXT[report.lane]}), and email you what we did.`,
      ...(report.held ? ['While we look, the item is hidden from everyone.'] : []),
      'If you are not satisfied with our decision, you can write to our Grievance Officer.',
    ],
    action: { label: 'Grievance Officer', url: grievanceUrl(links) },
  });
}

/** To the admin, for a report in the 2-hour lane: it cannot wait for her to open the panel. */
export function urgentReportEmail(
  links: SafetyLinks,
  report: { ticket: string; reason: ReportReason; dueAt: number; subject: string; held: boolean },
): MailMessage {
  return message(links.adminEmail, `Urgent report ${report.ticket}: decide by ${formatDateTime(report.dueAt)}`, links, {
    preview: `${REPORT_REASON_TEXT[report.reason]}: ${report.subject}`,
    heading: 'A report in the 2-hour lane',
    paragraphs: [
      `${report.subject} was reported for “${REPORT_REASON_TEXT[report.reason]}”. The law gives two hours from the complaint: decide by ${formatDateTime(report.dueAt)}.`,
      report.held
        ? 'The item is hidden from everyone while it waits.'
        : 'It is still in view: a page is never held on a report, and an item you cleared lately is not held again.',
    ],
    action: { label: 'Open the Reports tab', url: `${links.publicUrl}/admin` },
  });
}

/** To the creator, when a report takes her item out of view. */
export function itemUnderReviewEmail(
  links: SafetyLinks,
  item: { to: string; name: string; title: string; reason: ReportReason; dueAt: number },
): MailMessage {
  return message(item.to, `“${item.title}” is under review`, links, {
    preview: 'It is hidden while we look at a report.',
    heading: 'One of your items is under review',
    paragraphs: [
      `Hello ${item.name},`,
      `Someone reported “${item.title}” for “${REPORT_REASON_TEXT[item.reason]}”. Under India’s IT Rules we must act on reports like this quickly, so the item is hidden from everyone while we review it. We will decide by ${formatDateTime(item.dueAt)}.`,
      'If the report is wrong, the item comes back as it was and we will tell you. You do not need to do anything now.',
    ],
    action: { label: 'See your items', url: dashboardUrl(links) },
  });
}

/** To the creator: her item was taken down for good, why, and how to ask for a review. */
export function itemRemovedEmail(
  links: SafetyLinks,
  item: { to: string; name: string; title: string; reason: string; refundedFans: number },
): MailMessage {
  return message(item.to, `“${item.title}” was removed`, links, {
    preview: `Reason: ${item.reason}`,
    heading: 'We removed one of your items',
    paragraphs: [
      `Hello ${item.name},`,
      `After reviewing a report, we removed “${item.title}” from Kholo. Reason: ${item.reason}`,
      ...(item.refundedFans > 0
        ? [
            `The ${item.refundedFans === 1 ? 'fan' : `${item.refundedFans} fans`} whose access was still running ${item.refundedFans === 1 ? 'was' : 'were'} refunded, and your wallet shows the reversal.`,
          ]
        : []),
      'If you think this is a mistake, open your dashboard and choose “Ask for a review” on the item, with your explanation.',
    ],
    action: { label: 'Ask for a review', url: dashboardUrl(links) },
  });
}

/** To the creator: the report was wrong and her item is back. */
export function itemRestoredEmail(
  links: SafetyLinks,
  item: { to: string; name: string; title: string; afterReview: boolean; note: string | null },
): MailMessage {
  return message(item.to, `“${item.title}” is back on Kholo`, links, {
    preview: item.afterReview ? 'We reviewed your request and restored it.' : 'The report was not upheld.',
    heading: 'Your item is back',
    paragraphs: [
      `Hello ${item.name},`,
      item.afterReview
        ? `We reviewed your request and restored “${item.title}”. It is on your page again.`
        : `We reviewed the report about “${item.title}” and found nothing wrong. It is on your page again.`,
      ...(item.note === null ? [] : [`Our note: ${item.note}`]),
    ],
    action: { label: 'See your items', url: dashboardUrl(links) },
  });
}

/** To the creator: her review request was decided against her. */
export function reviewKeptEmail(
  links: SafetyLinks,
  item: { to: string; name: string; title: string; ticket: string; note: string },
): MailMessage {
  return message(item.to, `Review ${item.ticket}: “${item.title}” stays removed`, links, {
    preview: item.note,
    heading: 'We reviewed your request',
    paragraphs: [
      `Hello ${item.name},`,
      `We looked again at “${item.title}” with your explanation, and it stays removed. Our reason: ${item.note}`,
      'You can appeal to the Grievance Appellate Committee within 30 days (gac.gov.in). Our Grievance Officer’s details are on the page below.',
    ],
    action: { label: 'Grievance Officer', url: grievanceUrl(links) },
  });
}

/** To the creator: her account is suspended. */
export function creatorSuspendedEmail(
  links: SafetyLinks,
  creator: { to: string; name: string; reason: string },
): MailMessage {
  return message(creator.to, 'Your Kholo page is suspended', links, {
    preview: creator.reason,
    heading: 'Your page is suspended',
    paragraphs: [
      `Hello ${creator.name},`,
      `We have suspended your page on Kholo. Reason: ${creator.reason}`,
      'While it is suspended your page and items are hidden and you cannot upload. Fans who paid keep their access until it ends, and your wallet stays yours.',
      'If you think this is a mistake, write to our Grievance Officer. You can also appeal to the Grievance Appellate Committee within 30 days (gac.gov.in).',
    ],
    action: { label: 'Grievance Officer', url: grievanceUrl(links) },
  });
}

/** To whoever reported, with an email: what was decided. */
export function reportDecidedEmail(
  links: SafetyLinks,
  report: { to: string; ticket: string; subject: string; outcome: 'upheld' | 'left' | 'gone'; note: string | null },
): MailMessage {
  const words = {
    upheld: {
      title: 'we acted on it',
      preview: 'We removed what you reported.',
      heading: 'We acted on your report',
      body: `Thank you. After reviewing your report (${report.ticket}) we removed ${report.subject}.`,
    },
    left: {
      title: 'no action taken',
      preview: 'We found it does not break our rules.',
      heading: 'We reviewed your report',
      body: `We reviewed your report (${report.ticket}) of ${report.subject} and found that it does not break Kholo’s rules, so we left it up.`,
    },
    gone: {
      title: 'no longer on Kholo',
      preview: 'What you reported has been deleted.',
      heading: 'What you reported is gone',
      body: `What you reported (${report.ticket}) has been deleted by its creator. It is off Kholo for everyone except fans who had already bought it, whose access ends within 14 days of their purchase.`,
    },
  }[report.outcome];
  return message(report.to, `Your report ${report.ticket}: ${words.title}`, links, {
    preview: words.preview,
    heading: words.heading,
    paragraphs: [
      words.body,
      ...(report.note === null || report.outcome !== 'upheld' ? [] : [`Our reason: ${report.note}`]),
      'If you are not satisfied, you can write to our Grievance Officer, and appeal to the Grievance Appellate Committee within 30 days (gac.gov.in).',
    ],
    action: { label: 'Grievance Officer', url: grievanceUrl(links) },
  });
}

/** To the person who wrote to the Grievance Officer: the acknowledgement the rules require within 24 hours. */
export function grievanceReceivedEmail(
  links: SafetyLinks,
  grievance: { to: string; ticket: string; topic: GrievanceTopic; dueAt: number },
): MailMessage {
  // No words of the sender's own: anyone can send this to any address.
  return message(grievance.to, `We received your complaint (${grievance.ticket})`, links, {
    preview: `We will resolve it by ${formatDateTime(grievance.dueAt)}.`,
    heading: 'Your complaint is received',
    paragraphs: [
      'Hello,',
      `This acknowledges your complaint about “${GRIEVANCE_TOPIC_TEXT[grievance.topic]}”. Your ticket number is ${grievance.ticket}.`,
      `Our Grievance Officer will resolve it by ${formatDateTime(grievance.dueAt)} (within 7 days) and write to you at this address.`,
    ],
  });
}

/** To the person who wrote in: the Grievance Officer's answer. */
export function grievanceAnsweredEmail(
  links: SafetyLinks,
  grievance: { to: string; ticket: string; note: string },
): MailMessage {
  return message(grievance.to, `Your complaint ${grievance.ticket}: our answer`, links, {
    preview: grievance.note,
    heading: 'Our answer to your complaint',
    paragraphs: [
      'Hello,',
      grievance.note,
      'If you are not satisfied, you can appeal to the Grievance Appellate Committee within 30 days (gac.gov.in).',
    ],
    action: { label: 'Grievance Officer', url: grievanceUrl(links) },
  });
}

/** To the creator: her review request is in the queue. */
export function reviewRequestedEmail(
  links: SafetyLinks,
  request: { to: string; name: string; title: string; ticket: string; dueAt: number },
): MailMessage {
  return message(request.to, `We received your review request (${request.ticket})`, links, {
    preview: `We will decide by ${formatDateTime(request.dueAt)}.`,
    heading: 'Your review request is received',
    paragraphs: [
      `Hello ${request.name},`,
      `We will look again at “${request.title}” with your explanation and email you our decision by ${formatDateTime(request.dueAt)}. Your ticket number is ${request.ticket}.`,
    ],
  });
}
