import { GRIEVANCE_ACKNOWLEDGE_MS, GRIEVANCE_TOPIC_TEXT, LANE_TEXT } from '../../safety-rules.js';

/**
 * The Grievance Officer page and its complaint form (server-rendered, ADR 027; IT Rules 3(2)).
 * The topics are the contracts' own words (GRIEVANCE_TOPIC_TEXT), listed here by reference; the
 * Report dialog's reasons, quoted on this page, are the reports module's. The officer's and the
 * company's details are the operator's, shown as configured.
 */
export const grievanceEn = {
  'grievance.topic.content': GRIEVANCE_TOPIC_TEXT.content,
  'grievance.topic.account': GRIEVANCE_TOPIC_TEXT.account,
  'grievance.topic.payment': GRIEVANCE_TOPIC_TEXT.payment,
  'grievance.topic.privacy': GRIEVANCE_TOPIC_TEXT.privacy,
  'grievance.topic.other': GRIEVANCE_TOPIC_TEXT.other,
  'grievance.title': 'Grievance Officer · Kholo',
  'grievance.description':
    'Kholo’s Grievance Officer under the IT Rules, 2021: who to write to, how fast we answer, and how to appeal.',
  'grievance.sampleStrong': 'Sample values: the operator has not configured the Grievance Officer yet.',
  'grievance.sampleRich': 'Set {names}; production will not start without them.',
  'grievance.eyebrow': 'Grievances',
  'grievance.heading': 'Grievance Officer',
  'grievance.lead':
    'A complaint about content on Kholo, your account, a payment or your personal data? Write to our Grievance Officer. We acknowledge every complaint by email at once, within {acknowledge} at the latest, and resolve it within {resolve}.',
  'grievance.formTitle': 'Write to the Grievance Officer',
  'grievance.formLead':
    'All fields are required except the link. To have an item or a creator’s page taken down, the Report button on that page is faster (below).',
  'grievance.howQuickly': 'How quickly we act',
  'grievance.within.urgent': `Within ${LANE_TEXT.urgent}`,
  'grievance.within.unlawful': `Within ${LANE_TEXT.unlawful}`,
  'grievance.within.grievance': `Within ${LANE_TEXT.grievance}`,
  'grievance.reportsMarked': 'Reports marked {reasons}',
  /** Before the last of a list of choices: “Child safety” or “Impersonation…”. */
  'grievance.or': 'or',
  'grievance.hidden': 'The item or page is hidden from everyone as soon as it is reported, while we look.',
  'grievance.everyOther': 'Every other complaint',
  'grievance.acknowledged':
    'Acknowledged by email as soon as you send it, within {acknowledge} at the latest, and resolved within {resolve} of it.',
  'grievance.reportButtonTitle': 'The Report button',
  'grievance.reportButtonBody':
    'Anyone can report an item or a creator’s page, with or without an account: use the Report button on the item’s page or the creator’s page, and choose what is wrong. A report of intimate images, nudity or impersonation is decided within {urgent}.',
  'grievance.appealTitle': 'Not satisfied with our decision?',
  'grievance.appealRich':
    'You can appeal to the Grievance Appellate Committee set up by the Government of India, within 30 days of our decision, at {gac}. Our {terms} say what is allowed on Kholo, and our {privacy} how we handle your data.',
  'grievance.terms': 'Terms and Conditions',
  'grievance.privacy': 'Privacy Policy',
  /** "24 hours": how soon every complaint is acknowledged at the latest, from the rule. */
  'grievance.acknowledgeTime': `${GRIEVANCE_ACKNOWLEDGE_MS / 3_600_000} hours`,
  'grievance.officerTitle': 'Grievance Officer',
  'grievance.companyTitle': 'Who runs Kholo',
  'grievance.topicLegend': 'What is your complaint about?',
  'grievance.whatHappened': 'What happened?',
  'grievance.characters': '{count} / {max} characters',
  'grievance.linkLabel': 'Link (optional)',
  'grievance.linkHint': 'The item, creator page or receipt your complaint is about, if there is one.',
  'grievance.send': 'Send complaint',
  'grievance.sendNote': 'We email you a ticket number at once.',
  'grievance.failed': 'Could not send your complaint. Please try again.',
  'grievance.received': 'Complaint received',
  'grievance.yourTicket': 'Your ticket number',
  'grievance.emailedRich': 'We have emailed you an acknowledgement, with this number, at {email}.',
  'grievance.resolveByRich':
    'Our Grievance Officer will resolve your complaint by {date}, and write to you with the outcome.',
  'grievance.another': 'Write another complaint',
} as const;
