import { describe, expect, it } from 'vitest';
import { callerAddressOf, parseProxyTrust, type ProxyTrust } from './trusted-proxies.js';

const trust = (text: string) => parseProxyTrust(text) as ProxyTrust;

describe('callerAddressOf (as Fastify computes request.ip)', () => {
  it('believes nothing without TRUST_PROXY', () => {
    expect(callerAddressOf('10.0.0.1', '203.0.113.7', trust('false'))).toBe('10.0.0.1');
  });

  it('takes the entry the outermost of N proxies added, never a forged one before it', () => {
    expect(callerAddressOf('10.0.0.1', '198.51.100.1, 203.0.113.7', trust('true'))).toBe('203.0.113.7');
    expect(callerAddressOf('10.0.0.1', ['198.51.100.1', '203.0.113.7, 10.0.0.2'], trust('2'))).toBe('203.0.113.7');
    expect(callerAddressOf('10.0.0.1', undefined, trust('true'))).toBe('10.0.0.1');
  });

  it('walks back through listed proxies only', () => {
    expect(callerAddressOf('10.0.0.1', '198.51.100.1, 203.0.113.7', trust('10.0.0.0/8'))).toBe('203.0.113.7');
    expect(callerAddressOf('192.0.2.1', '198.51.100.1', trust('10.0.0.0/8'))).toBe('192.0.2.1');
    expect(callerAddressOf('10.0.0.1', '198.51.100.1, 10.0.0.9', trust('10.0.0.0/8'))).toBe('198.51.100.1');
  });
});
