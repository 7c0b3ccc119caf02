import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** A parsed CIDR range; `text` is its canonical form (network address / prefix length). */
export interface CidrRange {
  text: string;
  address: Address;
  prefixLength: number;
}

/**
 * Parses an IP address strictly: IPv4 only as four decimal parts (no "127.1" or hex forms),
 * IPv6 in any standard notation. An IPv4-mapped IPv6 address (::ffff:10.1.2.3) is turned into
 * the IPv4 address, so it matches IPv4 rules and counts as the same caller.
 */
export function parseIp(text: string): Address | null {
  const value = text.trim();
  if (value.includes(':')) {
    if (!ipaddr.IPv6.isValid(value)) return null;
    const v6 = ipaddr.IPv6.parse(value);
    return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
  }
  return ipaddr.IPv4.isValidFourPartDecimal(value) ? ipaddr.IPv4.parse(value) : null;
}

/** The canonical text of an address (IPv6 compressed, IPv4-mapped as IPv4), or null if invalid. */
export function normalizeIp(text: string): string | null {
  return parseIp(text)?.toString() ?? null;
}

/**
 * Parses "a.b.c.d/n", "x:y::/n" or a single address (taken as /32 or /128). Host bits are
 * cleared, so 10.1.2.3/8 becomes 10.0.0.0/8. An IPv4-mapped IPv6 range whose prefix covers
 * the mapping (::ffff:10.0.0.0/104) becomes the IPv4 range 10.0.0.0/8.
 */
export function parseCidr(text: string): CidrRange | null {
  const value = text.trim();
  const slash = value.indexOf('/');
  const addressText = slash === -1 ? value : value.slice(0, slash);
  const prefixText = slash === -1 ? undefined : value.slice(slash + 1);
  if (addressText.includes('%')) return null;
  const raw = addressText.includes(':')
    ? ipaddr.IPv6.isValid(addressText)
      ? ipaddr.IPv6.parse(addressText)
      : null
    : ipaddr.IPv4.isValidFourPartDecimal(addressText)
      ? ipaddr.IPv4.parse(addressText)
      : null;
  if (!raw) return null;
  const maxLength = raw.kind() === 'ipv4' ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  let prefixLength = prefixText === undefined ? maxLength : Number(prefixText);
  if (prefixLength > maxLength) return null;
  let address: Address = raw;
  if (raw instanceof ipaddr.IPv6 && raw.isIPv4MappedAddress() && prefixLength >= 96) {
    address = raw.toIPv4Address();
    prefixLength -= 96;
  }
  const network = networkAddress(address, prefixLength);
  return { text: `${network.toString()}/${prefixLength}`, address: network, prefixLength };
}

/**
 * Whether the address lies in the range. Addresses and ranges in the IPv4-mapped space were
 * turned into IPv4 when parsed, so families never need to be mixed: an IPv6 range such as ::/0
 * does not match IPv4 callers.
 */
export function cidrContains(range: CidrRange, ip: Address): boolean {
  return ip.kind() === range.address.kind() && ip.match(range.address, range.prefixLength);
}

function networkAddress(address: Address, prefixLength: number): Address {
  const bytes = address.toByteArray();
  for (let bit = prefixLength; bit < bytes.length * 8; bit++) {
    const index = Math.floor(bit / 8);
    bytes[index] = (bytes[index] ?? 0) & ~(0x80 >> (bit % 8));
  }
  return ipaddr.fromByteArray(bytes);
}
