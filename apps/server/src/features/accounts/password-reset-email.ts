import { PASSWORD_RESET_LINK_MINUTES } from '@kholo/contracts';
import type { MailMessage } from '../../providers/mail/mailer.js';
import { renderEmail } from '../../providers/mail/email-layout.js';

export function passwordResetEmail(input: {
  to: string;
  name: string;
  link: string;
  supportEmail: string;
}): MailMessage {
  const firstName = input.name.trim().split(/\s+/)[0] ?? '';
  const { html, text } = renderEmail({
    preview: `Reset your Kholo password. The link works for ${PASSWORD_RESET_LINK_MINUTES} minutes.`,
    heading: 'Reset your password',
    paragraphs: [
      firstName === '' ? 'Hello,' : `Hello ${firstName},`,
      `Someone (hopefully you) asked to reset the password of your Kholo account. Choose a new password with the button below. The link works once, for the next ${PASSWORD_RESET_LINK_MINUTES} minutes.`,
    ],
    action: { label: 'Choose a new password', url: input.link },
    footnote:
      'If you did not ask for this, ignore this email: your password stays as it is. Never share this link with anyone, not even Kholo support.',
    supportEmail: input.supportEmail,
  });
  return { to: input.to, subject: 'Reset your Kholo password', text, html, links: [input.link] };
}
