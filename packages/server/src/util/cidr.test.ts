import { describe, expect, it } from 'vitest';
import { cidrContains, normalizeIp, parseCidr, parseIp } from './cidr.js';

const contains = (cidr: string, ip: string) => {
  const range = parseCidr(cidr);
  const address = parseIp(ip);
  if (!range || !address) throw new Error(`bad test input ${cidr} ${ip}`);
  return cidrContains(range, address);
};

describe('CIDR matcher', () => {
  it('parses IPv4 and IPv6 ranges into their canonical form', () => {
    expect(parseCidr('10.0.0.0/8')?.text).toBe('10.0.0.0/8');
    expect(parseCidr('10.1.2.3/8')?.text).toBe('10.0.0.0/8');
    expect(parseCidr(' 192.168.1.7 ')?.text).toBe('192.168.1.7/32');
    expect(parseCidr('0.0.0.0/0')?.text).toBe('0.0.0.0/0');
    expect(parseCidr('2001:DB8:0:0::1/32')?.text).toBe('2001:db8::/32');
    expect(parseCidr('::1')?.text).toBe('::1/128');
    expect(parseCidr('::/0')?.text).toBe('::/0');
    expect(parseCidr('::ffff:10.0.0.0/104')?.text).toBe('10.0.0.0/8');
  });

  it('rejects what is not a range', () => {
    for (const bad of [
      '',
      'abc',
      '10.0.0.0/33',
      '10.0.0/8',
      '127.1',
      '0x7f.0.0.1',
      '10.0.0.0/-1',
      '10.0.0.0/',
      '10.0.0.0/8/8',
      '256.0.0.0/8',
      '::1/129',
      '2001:db8::g/32',
      'fe80::1%eth0/64',
      '10.0.0.0/ 8',
    ]) {
      expect(parseCidr(bad), bad).toBeNull();
    }
  });

  it('matches addresses inside the range and not outside', () => {
    expect(contains('10.0.0.0/8', '10.255.1.2')).toBe(true);
    expect(contains('10.0.0.0/8', '11.0.0.1')).toBe(false);
    expect(contains('192.168.1.0/24', '192.168.1.255')).toBe(true);
    expect(contains('192.168.1.0/24', '192.168.2.0')).toBe(false);
    expect(contains('192.168.1.7', '192.168.1.7')).toBe(true);
    expect(contains('192.168.1.7', '192.168.1.8')).toBe(false);
    expect(contains('0.0.0.0/0', '8.8.8.8')).toBe(true);
    expect(contains('2001:db8::/32', '2001:db8:ffff::1')).toBe(true);
    expect(contains('2001:db8::/32', '2001:db9::1')).toBe(false);
    expect(contains('::/0', '::1')).toBe(true);
  });

  it('matches IPv4-mapped IPv6 callers against IPv4 rules, and IPv4 callers against mapped rules', () => {
    expect(contains('127.0.0.0/8', '::ffff:127.0.0.1')).toBe(true);
    expect(contains('10.0.0.0/8', '::ffff:127.0.0.1')).toBe(false);
    expect(contains('::ffff:0:0/96', '10.1.2.3')).toBe(true);
    expect(contains('::ffff:10.0.0.0/104', '10.1.2.3')).toBe(true);
  });

  it('never matches across address families otherwise', () => {
    expect(contains('0.0.0.0/0', '::1')).toBe(false);
    expect(contains('::/0', '127.0.0.1')).toBe(false);
  });

  it('normalizes addresses and rejects invalid ones', () => {
    expect(normalizeIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeIp('2001:0DB8::0001')).toBe('2001:db8::1');
    expect(normalizeIp('10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeIp('127.1')).toBeNull();
    expect(normalizeIp('not-an-ip')).toBeNull();
    expect(normalizeIp('10.0.0.1/8')).toBeNull();
  });
});
