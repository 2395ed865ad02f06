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

/**
 * An email as a person reads it: nodemailer writes a subject with Hindi in it as RFC 2047 words
 * (=?UTF-8?B?…?=) and a mostly-Hindi body in base64 (emails follow the account's language, ADR 030);
 * both are decoded here, then quoted-printable as before.
 */
function decodeEmail(eml: string): string {
  const headersDecoded = eml.replace(
    /=\?UTF-8\?([BQ])\?([^?]*)\?=(?:\r?\n?[ \t]+=\?UTF-8\?\1\?([^?]*)\?=)*/gi,
    (run: string, kind: string) => {
      // Adjacent encoded words join without the folding space; their bytes are decoded together.
      const words = [...run.matchAll(/=\?UTF-8\?[BQ]\?([^?]*)\?=/gi)].map((match) => match[1] ?? '');
      const bytes = words.map((word) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(word, 'base64')
          : Buffer.from(
              word
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            ),
      );
      return Buffer.concat(bytes).toString('utf8');
    },
  );
  // Base64 parts are decoded on their own, out of quoted-printable's way ("=AB" in a link is no escape there).
  const parts: string[] = [];
  const withoutBase64 = headersDecoded.replace(
    /(Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([A-Za-z0-9+/=\r\n]+)/g,
    (_whole, head: string, body: string) => {
      parts.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
      return `${head}⟦base64 part ${parts.length - 1}⟧\n`;
    },
  );
  return decodeQuotedPrintable(withoutBase64).replace(
    /⟦base64 part (\d+)⟧/g,
    (_whole, index: string) => parts[Number(index)] ?? '',
  );
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
            : /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(decodeEmail(latest))?.[0];
        return link;
      },
      { message: `a reset email to ${address} in the outbox` },
    )
    .toBeDefined();
  return new URL(link ?? '');
}

/** The emails to `address` in the outbox now that `matches` (after decoding), oldest first. */
export async function emailsSentTo(address: string, matches: (eml: string) => boolean): Promise<string[]> {
  return (await emailsTo(address)).map(decodeEmail).filter(matches);
}

/** Waits for an email to `address` that `matches` (after decoding), and returns it decoded. */
export async function emailSentTo(address: string, matches: (eml: string) => boolean): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = (await emailsTo(address)).map(decodeEmail).find(matches);
        return found !== undefined;
      },
      { message: `the expected email to ${address} in the outbox` },
    )
    .toBe(true);
  return found ?? '';
}
