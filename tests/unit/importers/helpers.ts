import { readdir, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { ImportError } from '#importers/bundle'

/* What the readers' tests share: listing what a reader left on disk, catching its refusal, reproducible junk. */

/** All files under a directory, relative, sorted (directories themselves are not listed). */
export async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = []
  const walk = async (at: string) => {
    for (const item of await readdir(at, { withFileTypes: true })) {
      const path = join(at, item.name)
      if (item.isDirectory()) await walk(path)
      else found.push(relative(dir, path))
    }
  }
  if (await stat(dir).catch(() => null)) await walk(dir)
  return found.sort()
}

export async function importErrorOf(promise: Promise<unknown>): Promise<ImportError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ImportError) return error
    throw error
  }
  throw new Error('expected an ImportError, the read succeeded')
}

/* the same bytes on every run (xorshift32), so failures reproduce */
export function pseudoRandomBytes(length: number, seed = 0x2545f491): Buffer {
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
