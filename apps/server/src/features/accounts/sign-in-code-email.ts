import { EMAIL_CODE_MINUTES } from '@kholo/contracts';
import { type LocalizedEmail, localizedEmail } from '../email/index.js';

/** Why the code was sent, which decides what the email says it is for. */
export type CodePurpose = 'sign-in' | 'checkout';

export function signInCodeEmail(input: {
  to: string;
  code: string;
  purpose: CodePurpose;
  supportEmail: string;
}): LocalizedEmail {
  const { code } = input;
  const minutes = EMAIL_CODE_MINUTES;
  return localizedEmail(input.to, (w) => {
    const { html, text } = w.render({
      preview: w.t('signInCode.preview', { code, minutes }),
      heading: w.t('signInCode.heading', { code }),
      paragraphs: [
        w.t(input.purpose === 'checkout' ? 'signInCode.forCheckout' : 'signInCode.forSignIn'),
        w.t('signInCode.works', { minutes }),
      ],
      footnote: w.t('signInCode.footnote'),
      supportEmail: input.supportEmail,
    });
    // The code in the subject shows in the phone's notification, so she need not open the email
    // (and the outbox's log line shows it in development, as it shows a reset link).
    return { subject: w.t('signInCode.subject', { code }), text, html };
  });
}
