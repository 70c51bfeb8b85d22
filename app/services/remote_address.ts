import { BlockList, isIP } from 'node:net'

/*
 * Which addresses the server may fetch a remote image from (the
 * REMOTE_IMAGE_ADDRESSES setting): a user names the URL, so by default only
 * the public internet, never this machine, its network or the cloud's
 * metadata service (SSRF).
 *   public    public unicast addresses only (the default)
 *   any       private and loopback addresses too (an image server on the LAN)
 *   loopback  only this machine (127.0.0.0/8, ::1), and a name other than
 *             `localhost` is not even looked up: the tests, which must reach
 *             nothing else
 *   none      nothing: remote images are never fetched, only removed
 */
export type AddressPolicy = 'public' | 'any' | 'loopback' | 'none'

const NOT_PUBLIC = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6')

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/* ::ffff:10.0.0.1 is 10.0.0.1 (and ::ffff:a00:1 too) */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const lower = address.toLowerCase().replace(/^\[|\]$/g, '')
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (dotted) return { address: dotted[1], family: 'ipv4' }
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower)
  if (hex) {
    const [high, low] = [Number.parseInt(hex[1], 16), Number.parseInt(hex[2], 16)]
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), family: 'ipv4' }
  }
  return { address: lower, family: isIP(lower) === 4 ? 'ipv4' : 'ipv6' }
}

/** May the server connect to this IP address (a literal, v4 or v6) under the policy? */
export function isAddressAllowed(address: string, policy: AddressPolicy): boolean {
  const ip = unmapped(address)
  if (!isIP(ip.address) || policy === 'none') return false
  if (policy === 'loopback') return LOOPBACK.check(ip.address, ip.family)
  if (policy === 'any') return true
  return !NOT_PUBLIC.check(ip.address, ip.family)
}
