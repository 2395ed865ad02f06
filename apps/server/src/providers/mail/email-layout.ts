/** What a Kholo email says; the layout turns it into matching HTML and plain-text bodies. */
export interface EmailContent {
  /** The line mail apps show next to the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  /** Several things to open, each its own link, under the paragraphs (an email about many items). */
  links?: { text: string; url: string }[];
  action?: { label: string; url: string };
  /** Smaller text under the button, e.g. why the reader got this email. */
  footnote?: string;
  supportEmail: string;
  /** An email a person can stop (reminders): the link that stops it, in the footer. */
  unsubscribe?: { label: string; url: string };
}

/** What the layout itself says around the content, in the email's language. */
export interface LayoutWords {
  /** `<html lang>`: 'en-IN', 'hi-IN'. */
  lang: string;
  /** Above the button's link written out. */
  buttonFallback: string;
  /** Before the support address in the footer. */
  questions: string;
}

/** The web app's palette (apps/web/src/index.css): ink for text and links, marigold for the action. */
const INK = '#14112e';
const INK_LINK = '#40358a';
const MARIGOLD = '#ffb627';
const CREAM = '#fffaf2';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * One column, inline styles and a table for the button: what survives Gmail on a cheap
 * Android phone and Outlook alike. Everything user-supplied is escaped.
 */
export function renderEmail(content: EmailContent, words: LayoutWords): { html: string; text: string } {
  const paragraphs = content.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;">${escapeHtml(paragraph)}</p>`)
    .join('');
  const links =
    content.links === undefined || content.links.length === 0
      ? ''
      : `<ul style="margin:0 0 16px;padding:0 0 0 20px;">` +
        content.links
          .map(
            (link) =>
              `<li style="margin:0 0 8px;font-size:16px;line-height:24px;"><a href="${escapeHtml(link.url)}" style="color:${INK_LINK};">${escapeHtml(link.text)}</a></li>`,
          )
          .join('') +
        `</ul>`;
  const button =
    content.action === undefined
      ? ''
      : `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 24px;"><tr><td style="border-radius:8px;background:${MARIGOLD};">` +
        `<a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:14px 24px;font-size:16px;font-weight:700;color:${INK};text-decoration:none;border-radius:8px;">${escapeHtml(content.action.label)}</a>` +
        `</td></tr></table>` +
        `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#4a4667;">${escapeHtml(words.buttonFallback)}<br><a href="${escapeHtml(content.action.url)}" style="color:${INK_LINK};word-break:break-all;">${escapeHtml(content.action.url)}</a></p>`;
  const footnote =
    content.footnote === undefined
      ? ''
      : `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#4a4667;">${escapeHtml(content.footnote)}</p>`;

  const unsubscribe =
    content.unsubscribe === undefined
      ? ''
      : ` · <a href="${escapeHtml(content.unsubscribe.url)}" style="color:${INK_LINK};">${escapeHtml(content.unsubscribe.label)}</a>`;

  const html = `<!doctype html>
<html lang="${escapeHtml(words.lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:${CREAM};font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Arial,sans-serif;color:${INK};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preview)}</div>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:${CREAM};"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:520px;background:#ffffff;border-radius:12px;">
<tr><td style="padding:24px 24px 0;font-size:22px;font-weight:800;color:${INK};">Kholo</td></tr>
<tr><td style="padding:16px 24px 8px;">
<h1 style="margin:0 0 16px;font-size:20px;line-height:28px;">${escapeHtml(content.heading)}</h1>
${paragraphs}${links}${button}${footnote}
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e7e5e4;font-size:12px;line-height:18px;color:#4a4667;">Kholo · ${escapeHtml(words.questions)} <a href="mailto:${escapeHtml(content.supportEmail)}" style="color:${INK_LINK};">${escapeHtml(content.supportEmail)}</a>${unsubscribe}</td></tr>
</table>
</td></tr></table>
</body>
</html>`;

  const text = [
    'Kholo',
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.links ?? []).flatMap((link) => [`- ${link.text}`, `  ${link.url}`, '']),
    ...(content.action === undefined ? [] : [`${content.action.label}: ${content.action.url}`, '']),
    ...(content.footnote === undefined ? [] : [content.footnote, '']),
    `${words.questions} ${content.supportEmail}`,
    ...(content.unsubscribe === undefined ? [] : [`${content.unsubscribe.label}: ${content.unsubscribe.url}`]),
  ].join('\n');

  return { html, text };
}
