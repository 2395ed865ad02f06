import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { outboxDir } from './e2e-env.js';

/** Undoes quoted-printable, which nodemailer uses for long lines, "=" in links and non-ASCII text. */
function decodeQuotedPrintable(body: string): string {
  // A run of =XX escapes is the UTF-8 bytes of one or more characters (₹ is three).
  return body
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}

async function emailsTo(address: string): Promise<string[]> {
  const dir = outboxDir();
  const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith('.eml')).sort();
  const emails = await Promise.all(files.map((file) => fs.readFile(path.join(dir, file), 'utf8')));
  return emails.filter((eml) => new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}\\r?$`, 'm').test(eml));
}

/** Waits for the reset email to `address` in the server's outbox and returns the link in it. */
export async function resetLinkSentTo(address: string): Promise<URL> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const latest = (await emailsTo(address)).at(-1);
        link =
          latest === undefined
            ? undefined
            : /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(decodeQuotedPrintable(latest))?.[0];
        return link;
      },
      { message: `a reset email to ${address} in the outbox` },
    )
    .toBeDefined();
  return new URL(link ?? '');
}

/** The emails to `address` in the outbox now that `matches` (after decoding), oldest first. */
export async function emailsSentTo(address: string, matches: (eml: string) => boolean): Promise<string[]> {
  return (await emailsTo(address)).map(decodeQuotedPrintable).filter(matches);
}

/** Waits for an email to `address` that `matches` (after decoding), and returns it decoded. */
export async function emailSentTo(address: string, matches: (eml: string) => boolean): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = (await emailsTo(address)).map(decodeQuotedPrintable).find(matches);
        return found !== undefined;
      },
      { message: `the expected email to ${address} in the outbox` },
    )
    .toBe(true);
  return found ?? '';
}
