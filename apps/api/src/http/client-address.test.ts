import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.js';

describe('addressKey', () => {
  it('when the address is IPv4, then it is the key as it is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('when the address is IPv6, then every address of one /64 has the same key, in any spelling', () => {
    const key = '2001:db8:7:1::/64';
    for (const ip of [
      '2001:db8:7:1::1',
      '2001:db8:7:1:ffff:ffff:ffff:ffff',
      '2001:0db8:0007:0001:0000:0000:0000:0002',
      '2001:DB8:7:1::abcd',
      '2001:db8:7:1::1.2.3.4',
      '2001:db8:7:1::1%eth0',
    ]) {
      expect(addressKey(ip), ip).toBe(key);
    }
    expect(addressKey('2001:db8:7:2::1')).toBe('2001:db8:7:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('when an IPv4 address comes IPv4-mapped, then it is that IPv4 address', () => {
    expect(addressKey('::ffff:10.7.0.1')).toBe('10.7.0.1');
    expect(addressKey('::ffff:a07:1')).toBe('10.7.0.1');
    expect(addressKey('0:0:0:0:0:ffff:10.7.0.1')).toBe('10.7.0.1');
  });

  it('when it is no address at all, then it is used as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
