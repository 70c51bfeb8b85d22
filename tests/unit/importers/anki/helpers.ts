import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixture as fixturePath } from '#tests/support/fixtures'

/** tests/fixtures/anki */
export const FIXTURES = fixturePath('anki')
export const fixture = (name: string) => fixturePath('anki', name)

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
