import http from 'node:http'
import https from 'node:https'
import { lookup as dnsLookup } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import { fileTypeFromBuffer } from 'file-type'
import env from '#start/env'
import { isAddressAllowed, type AddressPolicy } from '#services/remote_address'

/*
 * Fetches the remote image a note names, so the product stores it (as Anki
 * stores media) instead of every viewer's browser calling that host. Only
 * addresses the policy allows are connected to (remote_address.ts): an
 * address written in the URL is judged before the request, a name at
 * connect time on the address it resolves to and is connected to (no DNS
 * rebinding past it), for the first request and every redirect. At most
 * REMOTE_IMAGE_MAX_BYTES, REMOTE_IMAGE_TIMEOUT_MS for the whole fetch, three
 * redirects, and the bytes must be a raster image (sniffed, never the
 * server's word): anything else is null.
 */

const REMOTE_IMAGE_MAX_BYTES = 5 * 1024 * 1024
const REMOTE_IMAGE_TIMEOUT_MS = 10_000
const MAX_REDIRECTS = 3
const IMAGE_TYPES: Record<string, string> = {
  png: 'png',
  jpg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  bmp: 'bmp',
  ico: 'ico',
  heic: 'heic',
}

function addressPolicy(): AddressPolicy {
  return env.get('REMOTE_IMAGE_ADDRESSES', 'public')
}

export interface RemoteImage {
  bytes: Buffer
  ext: string
  mime: string
}

class Refused extends Error {}

/* the connection's address, looked up and judged in one step */
function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const done = (error: Error | null, address?: string, family?: number) =>
      (options as { all?: boolean }).all
        ? (callback as any)(error, error ? [] : [{ address, family }])
        : callback(error, address ?? '', family ?? 4)
    const host = hostname.replace(/^\[|\]$/g, '')
    if (isIP(host))
      return isAddressAllowed(host, policy) ? done(null, host, isIP(host)) : done(new Refused(host))
    /* the tests' setting: no name is looked up but this machine's own */
    if (policy === 'loopback' && host.toLowerCase() !== 'localhost') return done(new Refused(host))
    dnsLookup(host, { all: true }, (error, addresses) => {
      if (error) return done(error)
      const allowed = addresses.filter((entry) => isAddressAllowed(entry.address, policy))
      /* a name with any address it may not reach is refused whole */
      if (!allowed.length || allowed.length !== addresses.length) return done(new Refused(host))
      done(null, allowed[0].address, allowed[0].family)
    })
  }
}

type Answer = { redirect: string } | { bytes: Buffer }

function requestOnce(url: URL, policy: AddressPolicy, signal: AbortSignal): Promise<Answer> {
  const client = url.protocol === 'https:' ? https : http
  /* an address written as such is connected to without a lookup: judged here */
  const literal = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(literal) && !isAddressAllowed(literal, policy))
    return Promise.reject(new Refused(literal))
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: guardedLookup(policy),
        signal,
        agent: false,
        headers: { 'accept': 'image/*', 'user-agent': 'Mnemo (remote image of a note)' },
      },
      (response) => {
        const status = response.statusCode ?? 0
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume()
          return resolve({ redirect: new URL(response.headers.location, url).toString() })
        }
        if (
          status !== 200 ||
          Number(response.headers['content-length'] ?? 0) > REMOTE_IMAGE_MAX_BYTES
        ) {
          response.resume()
          return reject(new Refused(`status ${status}`))
        }
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > REMOTE_IMAGE_MAX_BYTES) return request.destroy(new Refused('too big'))
          chunks.push(chunk)
        })
        response.on('end', () => resolve({ bytes: Buffer.concat(chunks) }))
        response.on('error', reject)
      }
    )
    request.on('error', reject)
  })
}

/** The image at `address`, or null when it may not or cannot be fetched, or is no image. */
export async function fetchRemoteImage(address: string): Promise<RemoteImage | null> {
  const policy = addressPolicy()
  if (policy === 'none') return null
  const signal = AbortSignal.timeout(REMOTE_IMAGE_TIMEOUT_MS)
  try {
    let url = new URL(address)
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
      const answer = await requestOnce(url, policy, signal)
      if ('redirect' in answer) {
        url = new URL(answer.redirect)
        continue
      }
      const type = await fileTypeFromBuffer(answer.bytes)
      const ext = type && IMAGE_TYPES[type.ext]
      return type && ext && type.mime.startsWith('image/')
        ? { bytes: answer.bytes, ext, mime: type.mime }
        : null
    }
    return null
  } catch {
    return null
  }
}
