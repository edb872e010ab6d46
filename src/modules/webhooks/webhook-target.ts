import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

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

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Addresses that are not on the public internet: private, shared, link-local, documentation, multicast, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // Unspecified, and the deprecated IPv4-compatible addresses (::a.b.c.d).
  ['::', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The addresses of this machine's interfaces: a webhook must not call the service itself. */
const OWN_ADDRESSES = new Set(
  Object.values(networkInterfaces())
    .flat()
    .map((entry) => entry?.address),
);

/** An IPv4-mapped IPv6 address is its IPv4 address: `::ffff:10.0.0.1`, also written `::ffff:a00:1`, is 10.0.0.1. */
function normalized(address: string): TargetAddress {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return { address: dotted[1], family: 4 };
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), family: 4 };
  }
  return { address, family: isIP(address) === 6 ? 6 : 4 };
}

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
  const addresses = resolved.map(({ address }) => normalized(address));
  for (const { address, family } of addresses) {
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (LOOPBACK.check(address, type)) {
      if (!policy.allowHttpLoopback) throw new TargetRefused(`${address} is a loopback address; webhooks go to public addresses`);
      if (port === policy.ownPort) throw new TargetRefused(`${address}:${port} is this service's own address`);
    } else if (NOT_PUBLIC.check(address, type)) {
      throw new TargetRefused(`${address} is in a private or reserved network range; webhooks go to public addresses`);
    } else if (OWN_ADDRESSES.has(address)) {
      throw new TargetRefused(`${address} is this service's own address`);
    } else if (url.protocol === 'http:') {
      throw new TargetRefused('must be an https URL (http is allowed to loopback addresses only, in development)');
    }
  }
  return addresses;
}
