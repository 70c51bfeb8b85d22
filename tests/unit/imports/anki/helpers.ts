import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

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

export { filesUnder, importErrorOf, pseudoRandomBytes } from '../helpers.js'
