import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { isLoopbackHost } from '#shared/admin/outbound-url.ts';
import { PermanentDeliveryError } from './delivery';

// Where an outbound connection may go, judged by the addresses a name resolves to, not by its
// text: a public name can resolve to 127.0.0.1, a private network or the cloud metadata address
// (169.254.169.254.nip.io, metadata.google.internal). The check runs inside the connection's own
// lookup, so the address connected to is the address checked: a DNS answer that changes between
// a check and the connect (rebinding) cannot slip through. ADR 045.

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a name; tests inject their own (no DNS but loopback exists there). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Addresses no outbound message may reach: this machine, private networks, link-local (cloud metadata), and the like. */
// (an IPv4-mapped IPv6 address, ::ffff:127.0.0.1, is checked against the IPv4 rules by BlockList)
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network": 0.0.0.0 reaches this machine
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: 169.254.169.254 is the cloud metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const familyName = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

export function isInternalAddress(address: string): boolean {
  return internal.check(address, familyName(address));
}

function isLoopbackAddress(address: string): boolean {
  return loopback.check(address, familyName(address));
}

/** The message the Messages screen shows; never the address, which may name an internal host. */
export function internalAddressError(what: string): PermanentDeliveryError {
  return new PermanentDeliveryError(`${what} refused: internal address`);
}

/**
 * The addresses of `hostname` (as the URL parser gives it, IPv6 in brackets), each checked: a
 * public address, or, for a loopback name (localhost, 127.x, [::1]), loopback only: the
 * documented exception for a local receiver and the tests. Throws when any address is refused.
 */
export async function checkedAddresses(
  hostname: string,
  what: string,
  resolve: Resolve = systemResolve,
): Promise<ResolvedAddress[]> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const loopbackName = isLoopbackHost(hostname) || isLoopbackHost(`[${bare}]`);
  const family = isIP(bare);
  const addresses = family ? [{ address: bare, family }] : await resolve(bare);
  const allowed = (address: string) =>
    loopbackName ? isLoopbackAddress(address) : !isInternalAddress(address);
  if (addresses.length === 0 || !addresses.every(({ address }) => allowed(address))) {
    throw internalAddressError(what);
  }
  return addresses;
}

/** A `lookup` for net/http/tls connections that hands out checked addresses only. */
export function checkedLookup(what: string, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, what, resolve).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter(({ family }) => !wanted || family === wanted);
        const first = usable[0];
        if (options.all) callback(null, usable);
        else if (first) callback(null, first.address, first.family);
        else callback(internalAddressError(what), '', 0);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
