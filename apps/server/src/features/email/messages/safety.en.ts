import { GRIEVANCE_TOPIC_TEXT as TOPIC, LANE_TEXT as LANE, REPORT_REASON_TEXT as REASON } from '@kholo/contracts';

/**
 * Trust and safety: reports, takedowns, reviews, suspensions and grievances (safety). The reasons,
 * lanes and topics' English is the contracts' own (the Report dialog's words), keyed by code.
 */
export const safetyEn = {
  'safety.grievanceOfficer': 'Grievance Officer',
  'safety.seeItems': 'See your items',

  'safety.reason.nudity': REASON.nudity,
  'safety.reason.intimate_images': REASON.intimate_images,
  'safety.reason.child_safety': REASON.child_safety,
  'safety.reason.impersonation': REASON.impersonation,
  'safety.reason.copyright': REASON.copyright,
  'safety.reason.violence_hate_harassment': REASON.violence_hate_harassment,
  'safety.reason.scam_fraud': REASON.scam_fraud,
  'safety.reason.other': REASON.other,
  'safety.lane.urgent': LANE.urgent,
  'safety.lane.unlawful': LANE.unlawful,
  'safety.lane.grievance': LANE.grievance,
  'safety.topic.content': TOPIC.content,
  'safety.topic.account': TOPIC.account,
  'safety.topic.payment': TOPIC.payment,
  'safety.topic.privacy': TOPIC.privacy,
  'safety.topic.other': TOPIC.other,
  'safety.thing.item': '“{title}” by {creator}',
  'safety.thing.page': 'the page of {name}',
  'safety.thing.unknown': 'the item',

  'safety.reportReceived.subject': 'We got your report ({ticket})',
  'safety.reportReceived.preview': 'We will decide within {lane}.',
  'safety.reportReceived.heading': 'Thank you for your report',
  'safety.reportReceived.body': 'We received your report of {thing} for “{reason}”. Your ticket number is {ticket}.',
  'safety.reportReceived.decide': 'We will review it and decide by {at} (within {lane}), and email you what we did.',
  'safety.reportReceived.held': 'While we look, the item is hidden from everyone.',
  'safety.reportReceived.appeal': 'If you are not satisfied with our decision, you can write to our Grievance Officer.',

  'safety.urgent.subject': 'Urgent report {ticket}: decide by {at}',
  'safety.urgent.heading': 'A report in the 2-hour lane',
  'safety.urgent.body':
    '{thing} was reported for “{reason}”. The law gives two hours from the complaint: decide by {at}.',
  'safety.urgent.held': 'The item is hidden from everyone while it waits.',
  'safety.urgent.inView':
    'It is still in view: a page is never held on a report, and an item you cleared lately is not held again.',
  'safety.urgent.action': 'Open the Reports tab',

  'safety.underReview.subject': '“{title}” is under review',
  'safety.underReview.preview': 'It is hidden while we look at a report.',
  'safety.underReview.heading': 'One of your items is under review',
  'safety.underReview.body':
    'Someone reported “{title}” for “{reason}”. Under India’s IT Rules we must act on reports like this quickly, so the item is hidden from everyone while we review it. We will decide by {at}.',
  'safety.underReview.next':
    'If the report is wrong, the item comes back as it was and we will tell you. You do not need to do anything now.',

  'safety.removed.subject': '“{title}” was removed',
  'safety.removed.preview': 'Reason: {reason}',
  'safety.removed.heading': 'We removed one of your items',
  'safety.removed.body': 'After reviewing a report, we removed “{title}” from Kholo. Reason: {reason}',
  'safety.removed.refundedOne':
    'The fan whose access was still running was refunded, and your wallet shows the reversal.',
  'safety.removed.refundedMany':
    'The {count} fans whose access was still running were refunded, and your wallet shows the reversal.',
  'safety.removed.review':
    'If you think this is a mistake, open your dashboard and choose “Ask for a review” on the item, with your explanation.',
  'safety.removed.action': 'Ask for a review',

  'safety.restored.subject': '“{title}” is back on Kholo',
  'safety.restored.previewReview': 'We reviewed your request and restored it.',
  'safety.restored.previewReport': 'The report was not upheld.',
  'safety.restored.heading': 'Your item is back',
  'safety.restored.bodyReview': 'We reviewed your request and restored “{title}”. It is on your page again.',
  'safety.restored.bodyReport':
    'We reviewed the report about “{title}” and found nothing wrong. It is on your page again.',
  'safety.restored.note': 'Our note: {note}',

  'safety.kept.subject': 'Review {ticket}: “{title}” stays removed',
  'safety.kept.heading': 'We reviewed your request',
  'safety.kept.body': 'We looked again at “{title}” with your explanation, and it stays removed. Our reason: {note}',
  'safety.kept.appeal':
    'You can appeal to the Grievance Appellate Committee within 30 days (gac.gov.in). Our Grievance Officer’s details are on the page below.',

  'safety.suspended.subject': 'Your Kholo page is suspended',
  'safety.suspended.heading': 'Your page is suspended',
  'safety.suspended.body': 'We have suspended your page on Kholo. Reason: {reason}',
  'safety.suspended.meaning':
    'While it is suspended your page and items are hidden and you cannot upload. Fans who paid keep their access until it ends, and your wallet stays yours.',
  'safety.suspended.appeal':
    'If you think this is a mistake, write to our Grievance Officer. You can also appeal to the Grievance Appellate Committee within 30 days (gac.gov.in).',

  'safety.decided.subject': 'Your report {ticket}: {title}',
  'safety.decided.upheld.title': 'we acted on it',
  'safety.decided.upheld.preview': 'We removed what you reported.',
  'safety.decided.upheld.heading': 'We acted on your report',
  'safety.decided.upheld.body': 'Thank you. After reviewing your report ({ticket}) we removed {thing}.',
  'safety.decided.left.title': 'no action taken',
  'safety.decided.left.preview': 'We found it does not break our rules.',
  'safety.decided.left.heading': 'We reviewed your report',
  'safety.decided.left.body':
    'We reviewed your report ({ticket}) of {thing} and found that it does not break Kholo’s rules, so we left it up.',
  'safety.decided.gone.title': 'no longer on Kholo',
  'safety.decided.gone.preview': 'What you reported has been deleted.',
  'safety.decided.gone.heading': 'What you reported is gone',
  'safety.decided.gone.body':
    'What you reported ({ticket}) has been deleted by its creator. It is off Kholo for everyone except fans who had already bought it, whose access ends within 14 days of their purchase.',
  'safety.decided.reason': 'Our reason: {note}',
  'safety.decided.appeal':
    'If you are not satisfied, you can write to our Grievance Officer, and appeal to the Grievance Appellate Committee within 30 days (gac.gov.in).',

  'safety.grievanceReceived.subject': 'We received your complaint ({ticket})',
  'safety.grievanceReceived.preview': 'We will resolve it by {at}.',
  'safety.grievanceReceived.heading': 'Your complaint is received',
  'safety.grievanceReceived.body': 'This acknowledges your complaint about “{topic}”. Your ticket number is {ticket}.',
  'safety.grievanceReceived.resolve':
    'Our Grievance Officer will resolve it by {at} (within 7 days) and write to you at this address.',

  'safety.grievanceAnswered.subject': 'Your complaint {ticket}: our answer',
  'safety.grievanceAnswered.heading': 'Our answer to your complaint',
  'safety.grievanceAnswered.appeal':
    'If you are not satisfied, you can appeal to the Grievance Appellate Committee within 30 days (gac.gov.in).',

  'safety.reviewRequested.subject': 'We received your review request ({ticket})',
  'safety.reviewRequested.preview': 'We will decide by {at}.',
  'safety.reviewRequested.heading': 'Your review request is received',
  'safety.reviewRequested.body':
    'We will look again at “{title}” with your explanation and email you our decision by {at}. Your ticket number is {ticket}.',
} as const;
