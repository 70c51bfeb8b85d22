import { createWriteStream } from 'node:fs'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type yazl from 'yazl'

/** Ends a zip whose entries are all added and writes it to `outPath`, streamed. */
export async function saveZip(zip: yazl.ZipFile, outPath: string) {
  zip.end()
  await pipeline(zip.outputStream as unknown as Readable, createWriteStream(outPath))
}
