import { EMAIL_CODE_MINUTES } from '@kholo/contracts';
import type { MailMessage } from '../../providers/mail/mailer.js';
import { renderEmail } from '../../providers/mail/email-layout.js';

/** Why the code was sent, which decides what the email says it is for. */
export type CodePurpose = 'sign-in' | 'checkout';

export function signInCodeEmail(input: {
  to: string;
  code: string;
  purpose: CodePurpose;
  supportEmail: string;
}): MailMessage {
  const what =
    input.purpose === 'checkout'
      ? 'Enter it on Kholo once you have paid, to open what you bought.'
      : 'Enter it on Kholo to log in.';
  const { html, text } = renderEmail({
    preview: `Your Kholo code is ${input.code}. It works for ${EMAIL_CODE_MINUTES} minutes.`,
    heading: `Your code: ${input.code}`,
    paragraphs: [
      what,
      `It works once, for the next ${EMAIL_CODE_MINUTES} minutes. With it you can also see everything you bought on Kholo, on any phone or computer.`,
    ],
    footnote:
      'If you did not ask for this, ignore this email: nobody can sign in to your account without the code. Never share it with anyone, not even Kholo support.',
    supportEmail: input.supportEmail,
  });
  // The code in the subject shows in the phone's notification, so she need not open the email
  // (and the outbox's log line shows it in development, as it shows a reset link).
  return { to: input.to, subject: `${input.code} is your Kholo code`, text, html };
}
