import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/*
 * Each kind of test in its folder: tests/unit runs code alone (no database,
 * no Redis, no HTTP server), tests/integration runs actions and queries on
 * PostgreSQL, tests/functional goes through the doors, tests/browser through
 * Chromium. A unit test that imports what reaches a database belongs in
 * tests/integration.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const REACHES_A_DATABASE = [
  '@adonisjs/lucid/services/db',
  '@adonisjs/lucid/factories',
  'pg',
  'ioredis',
  '#database/factories/',
  '#models/',
  '#tests/support/helpers',
  '#tests/support/content',
  '#config/database',
]

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/* value imports only: a type import reaches nothing at run time */
function valueImports(source: string): string[] {
  const found = [...source.matchAll(/^import\s+(?!type\s)[^'"]*?from\s+'([^']+)'/gm)].map(
    (match) => match[1]
  )
  const dynamic = [...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((match) => match[1])
  return [...found, ...dynamic]
}

test.group('Test kinds', () => {
  test('no unit test imports what reaches a database', async ({ assert }) => {
    const offenders: string[] = []
    const files = await filesUnder(join(ROOT, 'tests/unit'))
    for (const file of files) {
      for (const specifier of valueImports(await readFile(file, 'utf8'))) {
        if (
          REACHES_A_DATABASE.some(
            (forbidden) =>
              specifier === forbidden ||
              (forbidden.endsWith('/') && specifier.startsWith(forbidden))
          )
        ) {
          offenders.push(`${relative(ROOT, file)} imports ${specifier}`)
        }
      }
    }
    assert.isAbove(files.length, 50, 'the unit tests were found')
    assert.deepEqual(offenders, [])
  })

  test('the check sees a value import and lets a type import pass', ({ assert }) => {
    assert.deepEqual(
      valueImports(
        "import db from '@adonisjs/lucid/services/db'\nimport type User from '#models/user'\n"
      ),
      ['@adonisjs/lucid/services/db']
    )
  })
})
