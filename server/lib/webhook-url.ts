import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { webhookUrlProblem, WEBHOOK_MESSAGE } from '../../src/domain/webhooks.js';

/** Which addresses webhook deliveries may reach besides public ones (docs/decisions-integration.md, "SSRF"). */
export interface AddressPolicy {
  /** 10/8, 172.16/12, 192.168/16, fc00::/7 — an ERP in the manufacturer's own network (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** 127/8 and ::1 — local receivers in tests and demos (WEBHOOK_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
}

const never = new BlockList();
// Unspecified, "this network", link-local (cloud metadata at 169.254.169.254), multicast, reserved, CGNAT, benchmarking.
for (const [net, prefix] of [['0.0.0.0', 8], ['169.254.0.0', 16], ['100.64.0.0', 10], ['192.0.0.0', 24], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) never.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32]] as const) never.addSubnet(net, prefix, 'ipv6');
const privateRanges = new BlockList();
for (const [net, prefix] of [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) privateRanges.addSubnet(net, prefix, 'ipv4');
privateRanges.addSubnet('fc00::', 7, 'ipv6');
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** True when the policy lets a delivery connect to this IP address. IPv4-mapped IPv6 addresses are judged as IPv4. */
export function addressAllowed(address: string, policy: AddressPolicy): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1] : address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (!isIP(ip) || never.check(ip, family)) return false;
  if (loopback.check(ip, family)) return policy.allowLoopback;
  if (privateRanges.check(ip, family)) return policy.allowPrivate;
  return true;
}

/** The message key why this URL may not be used, or null: the form rule plus literal IP addresses the policy refuses. */
export function webhookUrlRefusal(url: string, policy: AddressPolicy): string | null {
  const problem = webhookUrlProblem(url);
  if (problem) return problem;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !addressAllowed(host, policy)) return WEBHOOK_MESSAGE.addressNotAllowed;
  if (!isIP(host) && /^localhost\.?$/i.test(host) && !policy.allowLoopback) return WEBHOOK_MESSAGE.addressNotAllowed;
  return null;
}

/**
 * A DNS lookup for node:http that refuses addresses outside the policy at connection time, so a name that
 * resolves (or re-resolves) to an internal address cannot be used to reach it.
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = (Array.isArray(addresses) ? addresses : [addresses]) as LookupAddress[];
      const allowed = list.filter((entry) => addressAllowed(entry.address, policy));
      if (!allowed.length) return callback(Object.assign(new Error(`address of ${hostname} not allowed`), { code: 'EADDRNOTALLOWED' }), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      return callback(null, allowed[0].address, allowed[0].family);
    });
  };
}
