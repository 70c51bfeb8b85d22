import yazl from 'yazl'
import type { ImportBundle } from '#importers/bundle'
import { pseudoRandomBytes as sharedRandomBytes } from '../helpers.js'
import { saveZip } from '#exporters/zip_writer'

/* the shared generator, with this folder's own seed so its fixtures stay the same bytes */
export const pseudoRandomBytes = (length: number, seed = 0x9e3779b9) =>
  sharedRandomBytes(length, seed)

export async function writeZip(
  path: string,
  entries: { name: string; data: Buffer | string }[]
): Promise<void> {
  const zip = new yazl.ZipFile()
  for (const entry of entries)
    zip.addBuffer(Buffer.from(entry.data), entry.name, { compress: true })
  await saveZip(zip, path)
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
