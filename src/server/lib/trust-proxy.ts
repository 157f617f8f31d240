import { BlockList, isIP } from 'node:net';

// TRUST_PROXY decides whose X-Forwarded-For Fastify believes, and so the client address every
// per-address limit counts. Trusting everyone (the old `true`) let any client pick its address.

/** Whom to trust: nobody, the nearest `hops` proxies, or proxies at these addresses/CIDRs. */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

// @fastify/proxy-addr's names for the private ranges
const namedRanges = ['loopback', 'linklocal', 'uniquelocal'];
const maxHops = 10;

const trueRefused =
  'true would trust an X-Forwarded-For written by any client, so anyone could choose the address ' +
  'the rate limits count. Give the number of proxies in front of the app (TRUST_PROXY=1 for one ' +
  'reverse proxy) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)';

/** TRUST_PROXY's text: `false`/empty/0, a hop count, or a comma-separated list of addresses. */
export function parseTrustProxy(text: string): { value: TrustProxy } | { error: string } {
  const value = text.trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return { value: false };
  if (value === 'true') return { error: trueRefused };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > maxHops) return { error: `a hop count must be 1 to ${maxHops}` };
    return { value: { hops } };
  }
  const proxies = value.split(',').map((entry) => entry.trim());
  const bad = proxies.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    return {
      error: `"${bad}" is not an IP address, a CIDR range (10.0.0.0/8) or one of ${namedRanges.join(', ')}`,
    };
  }
  return { value: { proxies } };
}

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

// The nearest hop of a hop count must come from a private or loopback address: a client that
// reaches the app directly from the internet is never taken for the proxy.
const privateAddresses = new BlockList();
privateAddresses.addSubnet('127.0.0.0', 8, 'ipv4');
privateAddresses.addSubnet('10.0.0.0', 8, 'ipv4');
privateAddresses.addSubnet('172.16.0.0', 12, 'ipv4');
privateAddresses.addSubnet('192.168.0.0', 16, 'ipv4');
privateAddresses.addSubnet('169.254.0.0', 16, 'ipv4');
privateAddresses.addAddress('::1', 'ipv6');
privateAddresses.addSubnet('fc00::', 7, 'ipv6');
privateAddresses.addSubnet('fe80::', 10, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  // a dual-stack socket shows IPv4 peers as ::ffff:10.0.0.2
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(plain);
  if (family === 0) return false;
  return privateAddresses.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Fastify's trustProxy option. Fastify 5.12 ignores a plain number (hop-count trust cannot tell
 * a proxy from a direct client), so a hop count becomes a function that also checks the nearest
 * hop is a private address.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | TrustFunction {
  if (trust === false) return false;
  if ('proxies' in trust) return trust.proxies;
  const { hops } = trust;
  return (address, hop) => hop < hops && (hop > 0 || isPrivateAddress(address));
}
