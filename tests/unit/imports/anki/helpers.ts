import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ImportError } from '#imports/bundle'

/** ../shared/fixtures/anki, next to the project */
export const FIXTURES = fileURLToPath(new URL('../../../../../shared/fixtures/anki/', import.meta.url))
export const fixture = (name: string) => join(FIXTURES, name)

export const DAY_MS = 86_400_000

/** A fresh root per test: `root/in` for inputs, `root/work` as the reader's workDir; removed afterwards. */
export async function scratch(prefix: string) {
  const root = await mkdtemp(join(tmpdir(), prefix))
  return {
    root,
    workDir: join(root, 'work'),
    input: (name: string) => join(root, name),
    remove: () => rm(root, { recursive: true, force: true }),
  }
}

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
