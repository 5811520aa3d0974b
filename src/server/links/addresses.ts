// Which network addresses a server-side fetch of a user's URL may reach: public unicast only.
// Everything else (loopback, private, link-local, CGNAT, multicast, reserved, and IPv6 forms that
// wrap one of those) would let a person make our server talk to its own network (SSRF).
import net from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

const ipv4FromWords = (high: number, low: number) =>
  new ipaddr.IPv4([(high >> 8) & 0xff, high & 0xff, (low >> 8) & 0xff, low & 0xff]);

/** The IPv4 addresses an IPv6 address carries inside it (6to4, Teredo, NAT64), which are what it reaches. */
function embeddedIPv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4[] | null {
  const p = address.parts;
  switch (range) {
    case '6to4':
      return [ipv4FromWords(p[1]!, p[2]!)];
    case 'teredo':
      // Teredo: the server's address in clear, the client's with every bit flipped.
      return [ipv4FromWords(p[2]!, p[3]!), ipv4FromWords(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
    case 'rfc6052':
      // Only the well-known NAT64 prefix maps to a public IPv4; the local-use /48 is never public.
      return address.match(NAT64) ? [ipv4FromWords(p[6]!, p[7]!)] : null;
    default:
      return null;
  }
}

function isPublic(address: Address): boolean {
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return isPublic(v6.toIPv4Address());
  // ::a.b.c.d (the old IPv4-compatible form) and ::ffff:0:a.b.c.d (RFC 6145) both lead to IPv4.
  if (v6.parts.slice(0, 5).every((part) => part === 0)) return false;
  const range = v6.range();
  const inner = embeddedIPv4(v6, range);
  if (inner) return inner.every(isPublic);
  return range === 'unicast';
}

/** True for an address (as text, any spelling ipaddr.js reads, zone id allowed) that is public unicast. */
export function isPublicAddress(text: string): boolean {
  const bare = text.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  try {
    return isPublic(ipaddr.parse(bare));
  } catch {
    return false;
  }
}

/** A URL's hostname without the brackets of an IPv6 literal or a trailing root dot, lower-cased. */
export function bareHostname(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
}

/** The hostname is an address written out (the URL parser has already normalised 0x7f.1, 2130706433, ...). */
export const isLiteralAddress = (hostname: string) => net.isIP(bareHostname(hostname)) !== 0;

/** Names that mean this machine whatever DNS says. */
export const isLocalName = (hostname: string) => {
  const name = bareHostname(hostname);
  return name === 'localhost' || name.endsWith('.localhost');
};

/**
 * True when a hostname, without asking DNS, is known to point at a non-public place: a local name
 * or a literal non-public address. Used where nothing is fetched (a thumbnail the browser loads).
 */
export function isKnownPrivateHost(hostname: string): boolean {
  if (isLocalName(hostname)) return true;
  return isLiteralAddress(hostname) && !isPublicAddress(bareHostname(hostname));
}
