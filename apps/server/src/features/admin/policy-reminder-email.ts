import { PRIVACY_PATH, TERMS_PATH } from '@kholo/contracts';
import { renderEmail } from '../../providers/mail/email-layout.js';
import type { MailMessage } from '../../providers/mail/mailer.js';

export const POLICY_REMINDER_SUBJECT = 'A reminder of Kholo’s rules';

export interface PolicyReminderDetails {
  to: string;
  name: string;
  publicUrl: string;
  supportEmail: string;
}

/**
 * The rules' periodic reminder (IT Rules 3(1)(c) as amended Feb 2026: at least once every three
 * months, users are told that breaking the rules can lead to removal or termination). A legal
 * notice, not a list she joined: it has no unsubscribe link, and goes to accounts that stopped
 * reminder emails too.
 */
export function policyReminderEmail(details: PolicyReminderDetails): MailMessage {
  const firstName = details.name.trim().split(/\s+/)[0] ?? '';
  const termsUrl = `${details.publicUrl}${TERMS_PATH}`;
  const privacyUrl = `${details.publicUrl}${PRIVACY_PATH}`;
  const grievancesUrl = `${termsUrl}#grievances`;
  const { html, text } = renderEmail({
    preview: 'The rules you agreed to on Kholo, and what happens when they are broken.',
    heading: 'A reminder of Kholo’s rules',
    paragraphs: [
      firstName === '' ? 'Hello,' : `Hello ${firstName},`,
      'Using Kholo means following our Terms and Conditions and our Privacy Policy. Only content the creator owns the rights to, in which everyone shown is 18 or older and agreed to be shown, and which is lawful in India, may be shared on Kholo.',
      'Breaking these rules can lead to the removal of content and to the suspension or termination of the account.',
      `To report an item or a creator, use Report on its page. For any other complaint, write to our Grievance Officer at ${details.supportEmail}, as the Terms explain.`,
    ],
    links: [
      { text: 'Terms and Conditions', url: termsUrl },
      { text: 'Privacy Policy', url: privacyUrl },
      { text: 'Reporting content and grievances', url: grievancesUrl },
    ],
    footnote:
      'The law in India asks us to remind every account of these rules regularly, so this email comes even if you turned off other emails.',
    supportEmail: details.supportEmail,
  });
  return {
    to: details.to,
    subject: POLICY_REMINDER_SUBJECT,
    text,
    html,
    links: [termsUrl, privacyUrl, grievancesUrl],
  };
}
