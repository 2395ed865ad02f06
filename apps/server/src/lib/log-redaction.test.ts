import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequestForLog } from './log-redaction.js';

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=abcDEF123_-', '/reset-password?token=[redacted]'],
    ['/x?a=1&TOKEN=secret&b=2', '/x?a=1&TOKEN=[redacted]&b=2'],
    ['/x?password=hunter2#top', '/x?password=[redacted]#top'],
    ['/api/me', '/api/me'],
    ['/content/tokenized?page=2', '/content/tokenized?page=2'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('serializeRequestForLog', () => {
  it('keeps what helps debugging and drops the token', () => {
    expect(
      serializeRequestForLog({
        method: 'GET',
        url: '/reset-password?token=abc',
        host: 'kholo.in',
        ip: '203.0.113.7',
        socket: { remotePort: 5555 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/reset-password?token=[redacted]',
      host: 'kholo.in',
      remoteAddress: '203.0.113.7',
      remotePort: 5555,
    });
  });
});
