import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

// Where a webhook may connect to. A URL is checked when it is saved and again at every
// connection, by the lookup the socket itself uses: a name that resolved to a public address
// when saved and to 127.0.0.1 later (DNS rebinding) is refused at that connection.

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (ULA)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address stands for (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), or null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an address is loopback, private, link-local, ULA, CGNAT, multicast or otherwise not a public host. */
export function isNonPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

/** A connection refused because its address is not public: the delivery's attempt says so. */
export class NonPublicAddressError extends Error {
  constructor(readonly host: string, readonly address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
    this.name = 'NonPublicAddressError';
  }
}

/** The host of a URL as a socket takes it: without an IPv6 literal's brackets. */
export function socketHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The lookup every webhook socket connects through: Node's own, then every address it found is
 * checked, so a name that also resolves to a private address is refused whichever one the socket
 * would have tried. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE) skips the check.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const found = addresses as dns.LookupAddress[];
      const refused = allowPrivate ? undefined : found.find((entry) => isNonPublicAddress(entry.address));
      if (refused) return callback(new NonPublicAddressError(hostname, refused.address), '', 4);
      if (found.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
      if (options.all) return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, found);
      callback(null, found[0]!.address, found[0]!.family);
    });
  };
}

/**
 * Where a URL's host points now, for the check when a webhook is saved: null when every address
 * is public (or private ones are allowed), else the sentence the owner is told.
 */
export async function nonPublicTarget(url: URL, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = socketHost(url);
  if (net.isIP(host)) return isNonPublicAddress(host) ? `${host} is not a public address` : null;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    return `${host} could not be resolved`;
  }
  const refused = addresses.find((entry) => isNonPublicAddress(entry.address));
  return refused ? `${host} resolves to ${refused.address}, which is not a public address` : null;
}
