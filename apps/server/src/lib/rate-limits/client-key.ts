import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client address is limited under, by every limit that counts per client (the routes'
 * and the accounts' limits). One IPv6 subscriber is handed a whole /64 and can use any address
 * in it, so the /64 is one client; an IPv4 address, also when written as IPv6 (::ffff:1.2.3.4),
 * is one client by itself. Any spelling of an address gives the same key: compressed or not,
 * upper or lower case, with or without a zone id (fe80::1%eth0).
 */
export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  // A zone id only says which local interface a link-local address was reached through.
  const address = ip.split('%', 1)[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  const [first = 0, second = 0, third = 0, fourth = 0, fifth = 0, sixth = 0, seventh = 0, eighth = 0] = groups;
  if (first === 0 && second === 0 && third === 0 && fourth === 0 && fifth === 0 && sixth === 0xffff) {
    return [seventh >> 8, seventh & 0xff, eighth >> 8, eighth & 0xff].join('.');
  }
  return `${[first, second, third, fourth].map((group) => group.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [Number.parseInt(piece, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const headGroups = parse(head);
  if (tail === undefined) return headGroups;
  const tailGroups = parse(tail);
  return [...headGroups, ...Array<number>(8 - headGroups.length - tailGroups.length).fill(0), ...tailGroups];
}
