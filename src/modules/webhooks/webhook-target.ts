import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import * as ipaddr from 'ipaddr.js';

/** What a webhook URL may point at: the configuration's loopback allowance and the service's own port. */
export interface TargetPolicy {
  allowHttpLoopback: boolean;
  ownPort: number;
}

export interface TargetAddress {
  address: string;
  family: 4 | 6;
}

/** Why a URL is refused as a webhook target, said to the person who gave it. */
export class TargetRefused extends Error {}

type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * IANA allocates global unicast IPv6 from 2000::/3 only. Outside it lie ranges that are no special-purpose entry of
 * their own, so ipaddr.js calls them unicast: the deprecated IPv4-compatible addresses (::a.b.c.d, which some stacks
 * still route to the IPv4 address), the rest of 0000::/8 and 0100::/8, fec0::/10 and other unassigned space.
 */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * The range an address lies in, by the IANA special-purpose registries as ipaddr.js keeps them (private, loopback,
 * link-local, multicast, documentation, and the IPv6 transition ranges that carry an IPv4 address: 6to4, Teredo,
 * NAT64, IPv4-translated), or `unicast` for a public address. A hand-kept list missed several; a maintained one is
 * updated when IANA adds a range.
 */
function rangeOf(address: IpAddress): string {
  const range = address.range();
  if (range === 'unicast' && address.kind() === 'ipv6' && !address.match(GLOBAL_UNICAST_V6)) return 'reserved';
  return range;
}

/** An IPv4-mapped IPv6 address is its IPv4 address: `::ffff:10.0.0.1`, also written `::ffff:a00:1`, is 10.0.0.1. */
function parsed(address: string): IpAddress {
  try {
    return ipaddr.process(address);
  } catch {
    throw new TargetRefused(`${address} is not an IP address`);
  }
}

/** The addresses of this machine's interfaces: a webhook must not call the service itself. */
const OWN_ADDRESSES = new Set(
  Object.values(networkInterfaces())
    .flat()
    .flatMap((entry) => (entry && ipaddr.isValid(entry.address) ? [parsed(entry.address).toString()] : [])),
);

/**
 * The addresses a webhook URL reaches, each checked: every address the name resolves to must be public (a name
 * with one private address among public ones is refused, or DNS could pick it), and not the service's own. http, and
 * loopback addresses, only with the development allowance. Checked when an endpoint is saved and again before every
 * attempt, whose connection then goes to the addresses checked (a name that resolves elsewhere later gains nothing).
 */
export async function resolveTarget(url: URL, policy: TargetPolicy): Promise<TargetAddress[]> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TargetRefused('must be an https URL');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const resolved = isIP(host) ? [{ address: host }] : await lookup(host, { all: true, verbatim: true }).catch(() => undefined);
  if (!resolved || resolved.length === 0) throw new TargetRefused(`${host} does not resolve to an address`);
  const addresses = resolved.map(({ address }) => parsed(address));
  for (const ip of addresses) {
    const address = ip.toString();
    const range = rangeOf(ip);
    if (range === 'loopback') {
      if (!policy.allowHttpLoopback) throw new TargetRefused(`${address} is a loopback address; webhooks go to public addresses`);
      if (port === policy.ownPort) throw new TargetRefused(`${address}:${port} is this service's own address`);
    } else if (range !== 'unicast') {
      throw new TargetRefused(`${address} is in a private or reserved network range; webhooks go to public addresses`);
    } else if (OWN_ADDRESSES.has(address)) {
      throw new TargetRefused(`${address} is this service's own address`);
    } else if (url.protocol === 'http:') {
      throw new TargetRefused('must be an https URL (http is allowed to loopback addresses only, in development)');
    }
  }
  return addresses.map((ip) => ({ address: ip.toString(), family: ip.kind() === 'ipv6' ? 6 : 4 }));
}
