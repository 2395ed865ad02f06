import { describe, expect, it } from 'vitest';
import { isPermanentMailError } from './email-queue.js';

/** Errors shaped as nodemailer reports them. */
function smtpError(code: string, responseCode?: number): Error {
  return Object.assign(new Error(`${responseCode ?? ''} ${code}`), { code, responseCode });
}

describe('which mail failures are final', () => {
  it('gives up on a refused recipient or message at once', () => {
    expect(isPermanentMailError(smtpError('EENVELOPE', 550))).toBe(true);
    expect(isPermanentMailError(smtpError('EENVELOPE', 553))).toBe(true);
    expect(isPermanentMailError(smtpError('EMESSAGE', 554))).toBe(true);
  });

  it('keeps trying through outages, busy servers and our own wrong settings', () => {
    expect(isPermanentMailError(smtpError('EENVELOPE', 450))).toBe(false);
    expect(isPermanentMailError(smtpError('EAUTH', 535))).toBe(false);
    expect(isPermanentMailError(smtpError('ECONNECTION'))).toBe(false);
    expect(isPermanentMailError(smtpError('ETIMEDOUT'))).toBe(false);
    expect(isPermanentMailError(new Error('socket hang up'))).toBe(false);
    expect(isPermanentMailError(null)).toBe(false);
  });
});
