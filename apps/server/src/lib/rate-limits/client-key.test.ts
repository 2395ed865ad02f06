import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.js';

describe('clientKey', () => {
  it.each([
    ['an IPv4 address', '203.0.113.7', '203.0.113.7'],
    ['IPv4-mapped IPv6', '::ffff:203.0.113.7', '203.0.113.7'],
    ['IPv4-mapped IPv6 in capitals', '::FFFF:203.0.113.7', '203.0.113.7'],
    ['IPv4-mapped IPv6 written in hex', '::ffff:cb00:7107', '203.0.113.7'],
    ['IPv4-mapped IPv6 written out in full', '0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    ['a full IPv6 address', '2001:db8:85a3:12:1:2:3:4', '2001:db8:85a3:12::/64'],
    ['a compressed interface id', '2001:db8:85a3:12::9', '2001:db8:85a3:12::/64'],
    ['capitals and leading zeros', '2001:DB8:85A3:0012:ffff::1', '2001:db8:85a3:12::/64'],
    ['zeros compressed inside the prefix', '2001:db8::1', '2001:db8:0:0::/64'],
    ['the same prefix written out', '2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8:0:0::/64'],
    ['one group compressed inside the prefix', '2001::3:4:5:6:7:8', '2001:0:3:4::/64'],
    ['a prefix that ends in ::', '2001:db8:1:2::', '2001:db8:1:2::/64'],
    ['the loopback address', '::1', '0:0:0:0::/64'],
    ['a dotted IPv4 tail after a compressed prefix', '2001::3:4:5:6:192.0.2.1', '2001:0:3:4::/64'],
    ['NAT64 (64:ff9b::/96)', '64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['a zone id', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['a zone id after a full address', 'fe80:0:0:0:a:b:c:d%2', 'fe80:0:0:0::/64'],
  ])('%s: %s → %s', (_label, ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it('gives every address of one /64 the same key, and a neighbouring /64 another', () => {
    const keys = ['2001:db8:aa:1::1', '2001:db8:aa:1:ffff:ffff:ffff:ffff', '2001:db8:aa:1:1234::'].map(clientKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:aa:1::/64']));
    expect(clientKey('2001:db8:aa:2::1')).toBe('2001:db8:aa:2::/64');
  });

  it('keeps IPv4 addresses apart, mapped or not', () => {
    expect(clientKey('::ffff:192.0.2.1')).not.toBe(clientKey('::ffff:192.0.2.2'));
  });

  it('passes anything that is not an IP address through unchanged', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('not-an-ip')).toBe('not-an-ip');
  });
});
