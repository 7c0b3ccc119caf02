import { cidrContains, parseCidr, parseIp, type CidrRange } from '../util/cidr.js';

/**
 * Which reverse proxies' X-Forwarded-For entries are believed (TRUST_PROXY):
 * - none: the socket's address is the caller (default);
 * - hops: the last `hops` addresses (the socket's first) are proxies; the caller is the entry
 *   the outermost of them added, so a client's own (forged) entries before it are ignored;
 * - ranges: addresses in these ranges are proxies; the caller is the last address, walking
 *   back from the socket, that is not one of them.
 */
export type ProxyTrust = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'ranges'; ranges: string[] };

const off = new Set(['', 'false', '0', 'no', 'off']);
const on = new Set(['true', 'yes', 'on']);

/**
 * Reads TRUST_PROXY: false/0 (none), true (one hop: one proxy in front), a number of hops, or a
 * comma-separated list of proxy addresses and CIDR ranges. Answers an error text otherwise.
 */
export function parseProxyTrust(text: string | undefined): ProxyTrust | string {
  const value = (text ?? '').trim().toLowerCase();
  if (off.has(value)) return { kind: 'none' };
  if (on.has(value)) return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? { kind: 'hops', hops } : 'a number of hops must be 1 to 10';
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const ranges: string[] = [];
  for (const entry of entries) {
    const range = parseCidr(entry);
    if (!range) return `"${entry}" is not an IP address or CIDR range (use false, true, a number of hops or addresses)`;
    ranges.push(range.text);
  }
  return { kind: 'ranges', ranges };
}

/** Fastify's trustProxy option for the setting: false, or a function of (address, hop index). */
export function fastifyTrustProxy(trust: ProxyTrust): false | ((address: string, hop: number) => boolean) {
  switch (trust.kind) {
    case 'none':
      return false;
    case 'hops': {
      const hops = trust.hops;
      return (_address, hop) => hop < hops;
    }
    case 'ranges': {
      const ranges = trust.ranges.map((text) => parseCidr(text)).filter((range): range is CidrRange => !!range);
      return (address) => {
        const ip = parseIp(address);
        return ip !== null && ranges.some((range) => cidrContains(range, ip));
      };
    }
  }
}

/**
 * The caller's address as Fastify's request.ip computes it, for code that sees only the raw
 * request (the live socket's upgrade): walks back from the peer through X-Forwarded-For while
 * the address is a trusted proxy.
 */
export function callerAddressOf(peer: string, forwardedFor: string | string[] | undefined, trust: ProxyTrust): string {
  const trusted = fastifyTrustProxy(trust);
  if (!trusted) return peer;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const chain = [
    peer,
    ...header
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .reverse(),
  ];
  let index = 0;
  while (index < chain.length - 1 && trusted(chain[index] ?? '', index)) index++;
  return chain[index] ?? peer;
}
