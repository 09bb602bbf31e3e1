import { promises as dns } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { WebhookFailure } from '@crm/shared';

/*
 * What a webhook may reach (issue 36, SSRF): an address an admin types is fetched by the server,
 * from inside its network, so it must not lead to the server itself, the private network, the
 * link-local range (the cloud's metadata service, 169.254.169.254) or any address that is no
 * host on the internet. Checked on the addresses its name resolves to, not on the name (a name
 * can resolve to 127.0.0.1), when the endpoint is saved and again at every try; the try then
 * connects to the address checked, not to a fresh resolution (DNS rebinding can't swap it).
 * WEBHOOK_ALLOW_PRIVATE=true lifts the rule (a receiver on the same machine, the tests).
 */

const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback (::1) and the retired IPv4-compatible ::a.b.c.d
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private), fd00:ec2::254 (metadata) among them
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4 address carried in IPv6 (`::ffff:127.0.0.1`, `::127.0.0.1`), as IPv4; else as is. */
function unwrapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return {
      address: [high >> 8, high & 255, low >> 8, low & 255].join('.'),
      family: 'ipv4',
    };
  }
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Whether a webhook may not connect to `address` (an IP literal). */
export function isRefusedAddress(address: string): boolean {
  const { address: plain, family } = unwrapped(address);
  return refused.check(plain, family);
}

/** How a name is resolved: node's `dns.lookup` (getaddrinfo, /etc/hosts included). */
export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemLookup: Lookup = (host) => dns.lookup(host, { all: true, verbatim: true });

/** Where a try connects: the address checked, and its family. */
export type CheckedAddress = { address: string; family: 4 | 6 };

/**
 * The address `url`'s host resolves to and may be reached at, or why not: `dns` (no address) or
 * `address` (one of them is refused: a name with one private address among public ones is
 * refused whole, as a resolver may answer either). With `allowPrivate` only the resolution counts.
 */
export async function checkedAddressOf(
  url: URL,
  { allowPrivate, lookup = systemLookup }: { allowPrivate: boolean; lookup?: Lookup },
): Promise<CheckedAddress | { failure: Extract<WebhookFailure, 'dns' | 'address'> }> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let found: { address: string; family: number }[];
  if (isIP(host)) found = [{ address: host, family: isIP(host) }];
  else {
    try {
      found = await lookup(host);
    } catch {
      return { failure: 'dns' };
    }
  }
  const first = found[0];
  if (!first) return { failure: 'dns' };
  if (!allowPrivate && found.some(({ address }) => isRefusedAddress(address))) {
    return { failure: 'address' };
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
