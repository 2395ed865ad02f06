import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderEmail } from './email-layout.js';
import { BackgroundMail, type MailMessage } from './mailer.js';
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

    await mailer.send(message);
    await mailer.send({ ...message, to: 'asha@example.com' });

    const files = (await fs.readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const eml = await fs.readFile(path.join(outboxDir, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^To: priya@example\.com$/m);
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
    await mailer.send(message);
    await mailer.close();

    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^To: priya@example\.com\r?$/m);
    expect(received[0]).toContain('reset-password?token=abc');
  });
});

describe('BackgroundMail', () => {
  it('does not make the caller wait, logs failures, and idle() waits for delivery', async () => {
    let deliver: () => void = () => undefined;
    const sent: string[] = [];
    const mailer = {
      send: (m: MailMessage) =>
        m.to === 'broken@example.com'
          ? Promise.reject(new Error('SMTP said no'))
          : new Promise<void>((resolve) => {
              deliver = () => {
                sent.push(m.to);
                resolve();
              };
            }),
      close: () => Promise.resolve(),
    };
    const logger = { info: vi.fn(), error: vi.fn() };
    const mail = new BackgroundMail(mailer, logger);

    mail.queue({ ...message, to: 'broken@example.com' });
    mail.queue(message);
    expect(sent).toEqual([]);
    const idle = mail.idle();
    deliver();
    await idle;
    expect(sent).toEqual(['priya@example.com']);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });
});

describe('renderEmail', () => {
  it('escapes what users typed and gives the same words in text and HTML', () => {
    const { html, text } = renderEmail({
      preview: 'Reset',
      heading: 'Reset your password',
      paragraphs: ['Hello <script>alert(1)</script>,'],
      action: { label: 'Choose a new password', url: 'https://kholo.in/reset-password?token=a&b="c"' },
      supportEmail: 'support@kholo.in',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('Hello &lt;script&gt;');
    expect(html).toContain('href="https://kholo.in/reset-password?token=a&amp;b=&quot;c&quot;"');
    expect(html).toContain('width=device-width');
    expect(text).toContain('Hello <script>alert(1)</script>,');
    expect(text).toContain('Choose a new password: https://kholo.in/reset-password?token=a&b="c"');
    expect(text).toContain('support@kholo.in');
  });
});
