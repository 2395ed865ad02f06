import { PASSWORD_RESET_LINK_MINUTES } from '@kholo/contracts';
import { type LocalizedEmail, localizedEmail } from '../email/index.js';

export function passwordResetEmail(input: {
  to: string;
  name: string;
  link: string;
  supportEmail: string;
}): LocalizedEmail {
  const minutes = PASSWORD_RESET_LINK_MINUTES;
  return localizedEmail(input.to, (w) => {
    const { html, text } = w.render({
      preview: w.t('passwordReset.preview', { minutes }),
      heading: w.t('passwordReset.heading'),
      paragraphs: [w.hello(input.name), w.t('passwordReset.body', { minutes })],
      action: { label: w.t('passwordReset.action'), url: input.link },
      footnote: w.t('passwordReset.footnote'),
      supportEmail: input.supportEmail,
    });
    return { subject: w.t('passwordReset.subject'), text, html, links: [input.link] };
  });
}
