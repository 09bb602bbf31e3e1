import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a per-address limit counts a client under (the form's limits, the connection cap).
 * An IPv4 address as it is. An IPv6 address by its /64: that is the block one subscriber gets,
 * and a host may take any of its 2^64 addresses, so counting full IPv6 addresses would give a
 * single machine endless fresh keys (issue 18). An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`,
 * as a dual-stack socket reports an IPv4 client) is the IPv4 address. Anything else (Express
 * has no address for a closed socket) is used as it is.
 */
export function addressKey(address: string): string {
  if (isIPv4(address)) return address;
  // A zone (`fe80::1%eth0`) names the local interface, not the client.
  const ip = address.split('%')[0] ?? address;
  if (!isIPv6(ip)) return address;
  const groups = ipv6Groups(ip);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted tail converted). */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const [head = '', tail] = text.split('::');
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
