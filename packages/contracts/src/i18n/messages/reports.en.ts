import { LANE_TEXT, REPORT_REASON_TEXT } from '../../safety-rules.js';

/**
 * The Report button and dialog (issue 24). The reasons are the contracts' own words
 * (REPORT_REASON_TEXT, also what the admin sees), so they are listed here by reference. The
 * server's refusals and the report rules' messages come through `tm` (the `messages` module).
 */
export const reportsEn = {
  'reports.reason.nudity': REPORT_REASON_TEXT.nudity,
  'reports.reason.intimate_images': REPORT_REASON_TEXT.intimate_images,
  'reports.reason.child_safety': REPORT_REASON_TEXT.child_safety,
  'reports.reason.impersonation': REPORT_REASON_TEXT.impersonation,
  'reports.reason.copyright': REPORT_REASON_TEXT.copyright,
  'reports.reason.violence_hate_harassment': REPORT_REASON_TEXT.violence_hate_harassment,
  'reports.reason.scam_fraud': REPORT_REASON_TEXT.scam_fraud,
  'reports.reason.other': REPORT_REASON_TEXT.other,
  /** How long a lane gives Kholo to decide ("2 hours"): the rules' own words; the Hindi says the same numbers. */
  'reports.lane.urgent': LANE_TEXT.urgent,
  'reports.lane.unlawful': LANE_TEXT.unlawful,
  'reports.lane.grievance': LANE_TEXT.grievance,
  'reports.button': 'Report',
  'reports.buttonLabelContent': 'Report “{title}”',
  'reports.buttonLabelPage': 'Report {name}’s page',
  'reports.loadFailed': 'Could not open the report form',
  'reports.choose': 'What is wrong? Tap one and your report is sent.',
  'reports.sending': 'Sending…',
  'reports.giveOriginal': 'Give us the link to the original, so we can compare.',
  'reports.tellUs': 'Tell us what is wrong.',
  /** After the chosen reason, before what the form asks for. */
  'reports.fullStop': '.',
  'reports.originalLabel': 'Link to the original',
  'reports.originalHint': 'Where the original is, starting with https://',
  'reports.anythingElse': 'Anything else? (optional)',
  'reports.whatIsWrong': 'What is wrong?',
  'reports.characters': '{count} / {max} characters',
  'reports.back': 'Back',
  'reports.send': 'Send report',
  'reports.notSent': 'Report not sent',
  'reports.close': 'Close',
  'reports.sent': 'Report sent — ticket {ticket}',
  'reports.reviewWithin': 'We review reports like this within {time}.',
  'reports.reviewWithinHeld': 'We review reports like this within {time}. The item is hidden while we look.',
  'reports.outcomeEmail': 'We will email you the outcome at {email}.',
  'reports.keepTicket': 'Keep the ticket number if you write to us about it.',
  'reports.addEmailToHear': 'Add your email to hear the outcome. Keep the ticket number if you write to us about it.',
  'reports.added': 'Added to your report. Thank you.',
  'reports.addDetailsOrEmail': 'Add details or your email',
  'reports.addDetails': 'Add details',
  'reports.done': 'Done',
  'reports.addForm': 'Add to your report',
  'reports.detailsLabel': 'Details (optional)',
  'reports.detailsHint': 'What you saw, and anything that helps us check. {count} / {max} characters',
  'reports.emailLabel': 'Your email (optional)',
  'reports.emailHint': 'We email you the outcome.',
  'reports.adding': 'Adding…',
  'reports.addToReport': 'Add to report',
} as const;
