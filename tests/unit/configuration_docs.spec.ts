import { test } from '@japa/runner'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'

/*
 * docs/configuration.md lists every environment variable: those start/env.ts
 * declares, and those the code reads itself (process.env.X, process.env['X'],
 * env.get('X')) in the folders below.
 */
const READERS = ['app', 'config', 'bin', 'start', 'commands', 'providers']

async function sources(root: string, folder: string): Promise<string[]> {
  if (!existsSync(join(root, folder))) return []
  const files = await readdir(join(root, folder), { recursive: true })
  return files
    .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file))
    .map((file) => join(root, folder, file))
}

test.group('Configuration docs', () => {
  test('every variable the code declares or reads is in docs/configuration.md', async ({
    assert,
  }) => {
    const root = app.makePath()
    const declared = [
      ...(await readFile(join(root, 'start/env.ts'), 'utf8')).matchAll(
        /^\s+([A-Z][A-Z0-9_]*): Env\.schema/gm
      ),
    ].map((m) => m[1])
    assert.isAbove(declared.length, 50, 'start/env.ts was read')
    const read = new Map<string, string>()
    for (const folder of READERS) {
      for (const file of await sources(root, folder)) {
        const text = await readFile(file, 'utf8')
        const uses = text.matchAll(
          /process\.env\.([A-Z][A-Z0-9_]*)|process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]|\benv\.get\(['"]([A-Z][A-Z0-9_]*)['"]/g
        )
        for (const use of uses) read.set(use[1] ?? use[2] ?? use[3], file.slice(root.length))
      }
    }
    assert.isAbove(read.size, 20, 'the code was read')
    const documented = new Set(
      [
        ...(await readFile(join(root, 'docs/configuration.md'), 'utf8')).matchAll(
          /`([A-Z][A-Z0-9_]*)`/g
        ),
      ].map((m) => m[1])
    )
    const missing = [...new Set([...declared, ...read.keys()])]
      .filter((name) => !documented.has(name))
      .sort()
    assert.deepEqual(
      missing.map((name) => (read.has(name) ? `${name} (${read.get(name)})` : name)),
      [],
      'variables docs/configuration.md does not list'
    )
  })
})
