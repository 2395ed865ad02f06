import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-app.js';

/** Route limits (config.rateLimit) count per client network, as the accounts limits do (client-key.ts). */
describe('route limits per client network', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const contact = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Asha', email: 'asha@example.in', message: 'A question about payouts.' },
      remoteAddress,
    });

  it('count every address of one IPv6 /64 as one client, and leave the next /64 alone', async () => {
    for (let i = 1; i <= 10; i += 1) {
      expect((await contact(`2001:db8:77:1:${i.toString(16)}::${i}`)).statusCode).toBe(201);
    }
    const limited = await contact('2001:db8:77:1:ffff:ffff:ffff:ffff');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: { code: string } }>().error.code).toBe('RATE_LIMITED');
    expect((await contact('2001:db8:77:2::1')).statusCode).toBe(201);
  });

  it('count an IPv4 address the same whether or not it arrives written as IPv6', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await contact(i % 2 === 0 ? '203.0.113.50' : '::ffff:203.0.113.50')).statusCode).toBe(201);
    }
    expect((await contact('::ffff:203.0.113.50')).statusCode).toBe(429);
    expect((await contact('203.0.113.51')).statusCode).toBe(201);
  });
});
