import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
import yazl from 'yazl'
import type { ImportBundle } from '#imports/bundle'

/* the same bytes on every run (xorshift32), so failures reproduce */
export function pseudoRandomBytes(length: number, seed = 0x9e3779b9): Buffer {
  const bytes = Buffer.alloc(length)
  let x = seed >>> 0
  for (let i = 0; i < length; i++) {
    x ^= x << 13
    x >>>= 0
    x ^= x >>> 17
    x ^= x << 5
    x >>>= 0
    bytes[i] = x & 0xff
  }
  return bytes
}

export async function writeZip(path: string, entries: { name: string; data: Buffer | string }[]): Promise<void> {
  const zip = new yazl.ZipFile()
  for (const entry of entries) zip.addBuffer(Buffer.from(entry.data), entry.name, { compress: true })
  zip.end()
  await pipeline(zip.outputStream as unknown as Readable, createWriteStream(path))
}

/** Every entry of a zip and its bytes, read with yauzl directly (not through readOfc). */
export async function readZip(path: string): Promise<Map<string, Buffer>> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false })
  const entries = new Map<string, Buffer>()
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = []
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
    entries.set(entry.fileName, Buffer.concat(chunks))
  }
  zip.close()
  return entries
}



/** The bundle with media paths left out: what must survive an export and an import. */
export function withoutPaths(bundle: ImportBundle) {
  return { ...bundle, media: bundle.media.map(({ name, size }) => ({ name, size })) }
}

/*
 * Sets the uncompressed size an entry declares in the zip's central directory
 * (what yauzl reads): a zip bomb lies there.
 */
export function setDeclaredSize(zip: Buffer, entryName: string, size: number): Buffer {
  const patched = Buffer.from(zip)
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02])
  for (let at = patched.indexOf(signature); at >= 0; at = patched.indexOf(signature, at + 4)) {
    const nameLength = patched.readUInt16LE(at + 28)
    const name = patched.toString('utf8', at + 46, at + 46 + nameLength)
    if (name === entryName) {
      patched.writeUInt32LE(size, at + 24)
      return patched
    }
  }
  throw new Error(`no central directory entry ${entryName}`)
}

export { filesUnder, importErrorOf } from '../helpers.js'
