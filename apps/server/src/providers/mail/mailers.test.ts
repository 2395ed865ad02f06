import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderEmail } from './email-layout.js';
import type { MailMessage } from './mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

const message: MailMessage = {
  to: 'priya@example.com',
  subject: 'Reset your Kholo password',
  text: 'Choose a new password: http://localhost:3000/reset-password?token=abc',
  html: '<p>Choose a new password</p>',
  links: ['http://localhost:3000/reset-password?token=abc'],
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('outbox mailer', () => {
  it('writes each message as a complete .eml file and logs its links', async () => {
    const outboxDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-outbox-')), 'outbox');
    cleanups.push(() => fs.rm(path.dirname(outboxDir), { recursive: true, force: true }));
    const logger = { info: vi.fn(), error: vi.fn() };
    const mailer = createOutboxMailer({ outboxDir, from: 'Kholo <no-reply@kholo.in>', logger });

    await mailer.send(message, { id: 'job-1', queuedAt: 1_800_000_000_000 });
    await mailer.send({ ...message, to: 'asha@example.com' }, { id: 'job-2', queuedAt: 1_800_000_000_001 });
    // A second try of the same job (its process died before marking it done) replaces the first.
    await mailer.send(message, { id: 'job-1', queuedAt: 1_800_000_000_000 });

    const files = (await fs.readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const eml = await fs.readFile(path.join(outboxDir, files[0] ?? ''), 'utf8');
    expect(files).toEqual(['1800000000000-job-1.eml', '1800000000001-job-2.eml']);
    expect(eml).toMatch(/^To: priya@example\.com$/m);
    expect(eml).toMatch(/^Message-ID: <job-1@kholo\.mail>$/m);
    expect(eml).toMatch(/^From: Kholo <no-reply@kholo\.in>$/m);
    expect(eml).toMatch(/^Subject: Reset your Kholo password$/m);
    expect(eml).toContain('multipart/alternative');
    expect(eml).toContain('reset-password?token=abc');
    expect(logger.info).toHaveBeenCalledWith(
      expect.objectContaining({ links: message.links }),
      expect.stringContaining('outbox'),
    );
  });
});

describe('extra headers', () => {
  it('reach the message as written (RFC 8058 one-click unsubscribe)', async () => {
    const outboxDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-outbox-')), 'outbox');
    cleanups.push(() => fs.rm(path.dirname(outboxDir), { recursive: true, force: true }));
    const mailer = createOutboxMailer({
      outboxDir,
      from: 'Kholo <no-reply@kholo.in>',
      logger: { info: vi.fn(), error: vi.fn() },
    });
    const headers = {
      'List-Unsubscribe': '<https://kholo.example/api/email/unsubscribe?token=cmVtaW5kZXJz.abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    await mailer.send({ ...message, headers }, { id: 'job-3', queuedAt: 3 });
    // Long header lines are folded onto the next (RFC 5322); unfolded, they read as written.
    const eml = (await fs.readFile(path.join(outboxDir, '3-job-3.eml'), 'utf8')).replaceAll('\n ', ' ');
    expect(eml).toMatch(
      /^List-Unsubscribe: <https:\/\/kholo\.example\/api\/email\/unsubscribe\?token=cmVtaW5kZXJz\.abc>$/m,
    );
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });
});

describe('outbox test switch', () => {
  it('fails like an unreachable server or a refused mailbox, writing nothing, until turned off', async () => {
    const outboxDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'kholo-outbox-')), 'outbox');
    cleanups.push(() => fs.rm(path.dirname(outboxDir), { recursive: true, force: true }));
    const mailer = createOutboxMailer({
      outboxDir,
      from: 'Kholo <no-reply@kholo.in>',
      logger: { info: vi.fn(), error: vi.fn() },
    });
    const delivery = { id: 'job-9', queuedAt: 1 };

    mailer.failure = 'unavailable';
    await expect(mailer.send(message, delivery)).rejects.toMatchObject({ code: 'ECONNECTION' });
    mailer.failure = 'reject';
    await expect(mailer.send(message, delivery)).rejects.toMatchObject({ responseCode: 550 });
    expect(await fs.readdir(outboxDir).catch(() => [])).toEqual([]);
    mailer.failure = 'none';
    await mailer.send(message, delivery);
    expect(await fs.readdir(outboxDir)).toEqual(['1-job-9.eml']);
  });
});

describe('SMTP mailer', () => {
  it('delivers to a real SMTP server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise((resolve) => {
          server.close(() => {
            resolve();
          });
        }),
    );
    const { port } = server.server.address() as AddressInfo;

    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Kholo <no-reply@kholo.in>' });
    await mailer.send(message, { id: 'job-3', queuedAt: 1 });
    await mailer.close();

    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^To: priya@example\.com\r?$/m);
    expect(received[0]).toMatch(/^Message-ID: <job-3@kholo\.mail>\r?$/m);
    expect(received[0]).toContain('reset-password?token=abc');
  });
});

describe('renderEmail', () => {
  it('escapes what users typed and gives the same words in text and HTML', () => {
    const { html, text } = renderEmail(
      {
        preview: 'Reset',
        heading: 'Reset your password',
        paragraphs: ['Hello <script>alert(1)</script>,'],
        action: { label: 'Choose a new password', url: 'https://kholo.in/reset-password?token=a&b="c"' },
        supportEmail: 'support@kholo.in',
      },
      { lang: 'en-IN', buttonFallback: 'If the button does not work:', questions: 'Questions? Write to' },
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('<html lang="en-IN"');
    expect(html).toContain('If the button does not work:');
    expect(html).toContain('Hello &lt;script&gt;');
    expect(html).toContain('href="https://kholo.in/reset-password?token=a&amp;b=&quot;c&quot;"');
    expect(html).toContain('width=device-width');
    expect(text).toContain('Hello <script>alert(1)</script>,');
    expect(text).toContain('Choose a new password: https://kholo.in/reset-password?token=a&b="c"');
    expect(text).toContain('support@kholo.in');
  });
});
