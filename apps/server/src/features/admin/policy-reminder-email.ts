import { PRIVACY_PATH, TERMS_PATH } from '@kholo/contracts';
import { type LocalizedEmail, localizedEmail } from '../email/index.js';

/** The English subject (messages/policy-reminder.en.ts), which tests and the admin's run count by. */
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
export function policyReminderEmail(details: PolicyReminderDetails): LocalizedEmail {
  const termsUrl = `${details.publicUrl}${TERMS_PATH}`;
  const privacyUrl = `${details.publicUrl}${PRIVACY_PATH}`;
  const grievancesUrl = `${termsUrl}#grievances`;
  return localizedEmail(details.to, (w) => {
    const { html, text } = w.render({
      preview: w.t('policyReminder.preview'),
      heading: w.t('policyReminder.heading'),
      paragraphs: [
        w.hello(details.name),
        w.t('policyReminder.rules'),
        w.t('policyReminder.consequences'),
        w.t('policyReminder.report', { email: details.supportEmail }),
      ],
      links: [
        { text: w.t('policyReminder.terms'), url: termsUrl },
        { text: w.t('policyReminder.privacy'), url: privacyUrl },
        { text: w.t('policyReminder.grievances'), url: grievancesUrl },
      ],
      footnote: w.t('policyReminder.footnote'),
      supportEmail: details.supportEmail,
    });
    return { subject: w.t('policyReminder.subject'), text, html, links: [termsUrl, privacyUrl, grievancesUrl] };
  });
}
