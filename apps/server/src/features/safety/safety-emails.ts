import type { GrievanceTopic, ReportReason, SafetyLane } from '@kholo/contracts';
import { type EmailWords, type LocalizedEmail, localizedEmail } from '../email/index.js';

/** Where trust and safety's emails link to. */
export interface SafetyLinks {
  publicUrl: string;
  supportEmail: string;
  adminEmail: string;
}

/** What a report was about, said in the reader's language when the email is written. */
export type ReportedThing =
  { kind: 'item'; title: string; creatorName: string } | { kind: 'page'; name: string } | { kind: 'unknown' };

interface Content {
  subject: string;
  preview: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}

function message(to: string, links: SafetyLinks, write: (w: EmailWords) => Content): LocalizedEmail {
  return localizedEmail(to, (w) => {
    const { subject, ...content } = write(w);
    const { html, text } = w.render({ ...content, supportEmail: links.supportEmail });
    return { subject, text, html, ...(content.action === undefined ? {} : { links: [content.action.url] }) };
  });
}

const grievanceUrl = (links: SafetyLinks) => `${links.publicUrl}/grievance`;
const dashboardUrl = (links: SafetyLinks) => `${links.publicUrl}/?tab=content`;

function thing(w: EmailWords, reported: ReportedThing): string {
  if (reported.kind === 'item')
    return w.t('safety.thing.item', { title: reported.title, creator: reported.creatorName });
  if (reported.kind === 'page') return w.t('safety.thing.page', { name: reported.name });
  return w.t('safety.thing.unknown');
}

const reasonText = (w: EmailWords, reason: ReportReason) => w.t(`safety.reason.${reason}`);
/** "Hello Meera Rathore,": these emails greet by the whole name. */
const hello = (w: EmailWords, name: string) => w.t('layout.helloName', { name });
const officer = (w: EmailWords, links: SafetyLinks) => ({
  label: w.t('safety.grievanceOfficer'),
  url: grievanceUrl(links),
});

/** To whoever reported, when she gave an email: her ticket and when it will be decided. */
export function reportReceivedEmail(
  links: SafetyLinks,
  report: {
    to: string;
    ticket: string;
    reason: ReportReason;
    lane: SafetyLane;
    dueAt: number;
    subject: ReportedThing;
    /** Whether the report took the item out of view. */
    held: boolean;
  },
): LocalizedEmail {
  const { ticket } = report;
  return message(report.to, links, (w) => {
    const lane = w.t(`safety.lane.${report.lane}`);
    return {
      subject: w.t('safety.reportReceived.subject', { ticket }),
      preview: w.t('safety.reportReceived.preview', { lane }),
      heading: w.t('safety.reportReceived.heading'),
      paragraphs: [
        w.t('safety.reportReceived.body', {
          thing: thing(w, report.subject),
          reason: reasonText(w, report.reason),
          ticket,
        }),
        w.t('safety.reportReceived.decide', { at: w.dateTime(report.dueAt), lane }),
        ...(report.held ? [w.t('safety.reportReceived.held')] : []),
        w.t('safety.reportReceived.appeal'),
      ],
      action: officer(w, links),
    };
  });
}

/** To the admin, for a report in the 2-hour lane: it cannot wait for her to open the panel. */
export function urgentReportEmail(
  links: SafetyLinks,
  report: { ticket: string; reason: ReportReason; dueAt: number; subject: ReportedThing; held: boolean },
): LocalizedEmail {
  return message(links.adminEmail, links, (w) => {
    const at = w.dateTime(report.dueAt);
    const reason = reasonText(w, report.reason);
    const reported = thing(w, report.subject);
    return {
      subject: w.t('safety.urgent.subject', { ticket: report.ticket, at }),
      preview: `${reason}: ${reported}`,
      heading: w.t('safety.urgent.heading'),
      paragraphs: [
        w.t('safety.urgent.body', { thing: reported, reason, at }),
        w.t(report.held ? 'safety.urgent.held' : 'safety.urgent.inView'),
      ],
      action: { label: w.t('safety.urgent.action'), url: `${links.publicUrl}/admin` },
    };
  });
}

/** To the creator, when a report takes her item out of view. */
export function itemUnderReviewEmail(
  links: SafetyLinks,
  item: { to: string; name: string; title: string; reason: ReportReason; dueAt: number },
): LocalizedEmail {
  const { title } = item;
  return message(item.to, links, (w) => ({
    subject: w.t('safety.underReview.subject', { title }),
    preview: w.t('safety.underReview.preview'),
    heading: w.t('safety.underReview.heading'),
    paragraphs: [
      hello(w, item.name),
      w.t('safety.underReview.body', { title, reason: reasonText(w, item.reason), at: w.dateTime(item.dueAt) }),
      w.t('safety.underReview.next'),
    ],
    action: { label: w.t('safety.seeItems'), url: dashboardUrl(links) },
  }));
}

/** To the creator: her item was taken down for good, why, and how to ask for a review. */
export function itemRemovedEmail(
  links: SafetyLinks,
  item: { to: string; name: string; title: string; reason: string; refundedFans: number },
): LocalizedEmail {
  const { title, reason, refundedFans } = item;
  return message(item.to, links, (w) => ({
    subject: w.t('safety.removed.subject', { title }),
    // The admin's reason, as she wrote it.
    preview: w.t('safety.removed.preview', { reason }),
    heading: w.t('safety.removed.heading'),
    paragraphs: [
      hello(w, item.name),
      w.t('safety.removed.body', { title, reason }),
      ...(refundedFans === 1 ? [w.t('safety.removed.refundedOne')] : []),
      ...(refundedFans > 1 ? [w.t('safety.removed.refundedMany', { count: refundedFans })] : []),
      w.t('safety.removed.review'),
    ],
    action: { label: w.t('safety.removed.action'), url: dashboardUrl(links) },
  }));
}

/** To the creator: the report was wrong and her item is back. */
export function itemRestoredEmail(
  links: SafetyLinks,
  item: { to: string; name: string; title: string; afterReview: boolean; note: string | null },
): LocalizedEmail {
  const { title, note } = item;
  return message(item.to, links, (w) => ({
    subject: w.t('safety.restored.subject', { title }),
    preview: w.t(item.afterReview ? 'safety.restored.previewReview' : 'safety.restored.previewReport'),
    heading: w.t('safety.restored.heading'),
    paragraphs: [
      hello(w, item.name),
      w.t(item.afterReview ? 'safety.restored.bodyReview' : 'safety.restored.bodyReport', { title }),
      ...(note === null ? [] : [w.t('safety.restored.note', { note })]),
    ],
    action: { label: w.t('safety.seeItems'), url: dashboardUrl(links) },
  }));
}

/** To the creator: her review request was decided against her. */
export function reviewKeptEmail(
  links: SafetyLinks,
  item: { to: string; name: string; title: string; ticket: string; note: string },
): LocalizedEmail {
  const { title, note } = item;
  return message(item.to, links, (w) => ({
    subject: w.t('safety.kept.subject', { ticket: item.ticket, title }),
    preview: note,
    heading: w.t('safety.kept.heading'),
    paragraphs: [hello(w, item.name), w.t('safety.kept.body', { title, note }), w.t('safety.kept.appeal')],
    action: officer(w, links),
  }));
}

/** To the creator: her account is suspended. */
export function creatorSuspendedEmail(
  links: SafetyLinks,
  creator: { to: string; name: string; reason: string },
): LocalizedEmail {
  const { reason } = creator;
  return message(creator.to, links, (w) => ({
    subject: w.t('safety.suspended.subject'),
    preview: reason,
    heading: w.t('safety.suspended.heading'),
    paragraphs: [
      hello(w, creator.name),
      w.t('safety.suspended.body', { reason }),
      w.t('safety.suspended.meaning'),
      w.t('safety.suspended.appeal'),
    ],
    action: officer(w, links),
  }));
}

/** To whoever reported, with an email: what was decided. */
export function reportDecidedEmail(
  links: SafetyLinks,
  report: {
    to: string;
    ticket: string;
    subject: ReportedThing;
    outcome: 'upheld' | 'left' | 'gone';
    note: string | null;
  },
): LocalizedEmail {
  const { ticket, outcome, note } = report;
  return message(report.to, links, (w) => ({
    subject: w.t('safety.decided.subject', { ticket, title: w.t(`safety.decided.${outcome}.title`) }),
    preview: w.t(`safety.decided.${outcome}.preview`),
    heading: w.t(`safety.decided.${outcome}.heading`),
    paragraphs: [
      w.t(`safety.decided.${outcome}.body`, { ticket, thing: thing(w, report.subject) }),
      ...(note === null || outcome !== 'upheld' ? [] : [w.t('safety.decided.reason', { note })]),
      w.t('safety.decided.appeal'),
    ],
    action: officer(w, links),
  }));
}

/** To the person who wrote to the Grievance Officer: the acknowledgement the rules require within 24 hours. */
export function grievanceReceivedEmail(
  links: SafetyLinks,
  grievance: { to: string; ticket: string; topic: GrievanceTopic; dueAt: number },
): LocalizedEmail {
  // No words of the sender's own: anyone can send this to any address.
  const { ticket } = grievance;
  return message(grievance.to, links, (w) => {
    const at = w.dateTime(grievance.dueAt);
    return {
      subject: w.t('safety.grievanceReceived.subject', { ticket }),
      preview: w.t('safety.grievanceReceived.preview', { at }),
      heading: w.t('safety.grievanceReceived.heading'),
      paragraphs: [
        w.t('layout.hello'),
        w.t('safety.grievanceReceived.body', { topic: w.t(`safety.topic.${grievance.topic}`), ticket }),
        w.t('safety.grievanceReceived.resolve', { at }),
      ],
    };
  });
}

/** To the person who wrote in: the Grievance Officer's answer. */
export function grievanceAnsweredEmail(
  links: SafetyLinks,
  grievance: { to: string; ticket: string; note: string },
): LocalizedEmail {
  return message(grievance.to, links, (w) => ({
    subject: w.t('safety.grievanceAnswered.subject', { ticket: grievance.ticket }),
    preview: grievance.note,
    heading: w.t('safety.grievanceAnswered.heading'),
    paragraphs: [w.t('layout.hello'), grievance.note, w.t('safety.grievanceAnswered.appeal')],
    action: officer(w, links),
  }));
}

/** To the creator: her review request is in the queue. */
export function reviewRequestedEmail(
  links: SafetyLinks,
  request: { to: string; name: string; title: string; ticket: string; dueAt: number },
): LocalizedEmail {
  const { ticket } = request;
  return message(request.to, links, (w) => {
    const at = w.dateTime(request.dueAt);
    return {
      subject: w.t('safety.reviewRequested.subject', { ticket }),
      preview: w.t('safety.reviewRequested.preview', { at }),
      heading: w.t('safety.reviewRequested.heading'),
      paragraphs: [hello(w, request.name), w.t('safety.reviewRequested.body', { title: request.title, at, ticket })],
    };
  });
}
