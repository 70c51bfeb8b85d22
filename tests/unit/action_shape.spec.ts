import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import app from '@adonisjs/core/services/app'

/*
 * The one shape of app/actions (the header of app/actions/action.ts,
 * CONTRIBUTING.md "A new use case"): function modules, no HttpContext, and
 * every transaction opened through withTransaction. The answer path is
 * being rewritten around its SQL function (issue 30, §2): answer_card.ts
 * keeps its own transaction until then.
 */
const OWN_TRANSACTION = new Set(['app/actions/learning/answer_card.ts'])

async function actionFiles(dir = app.makePath('app', 'actions')): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name)
      return entry.isDirectory()
        ? actionFiles(path)
        : Promise.resolve(entry.name.endsWith('.ts') ? [path] : [])
    })
  )
  return nested.flat()
}

test.group('Action shape', () => {
  test('actions are functions, take no HttpContext, and open transactions through withTransaction', async ({
    assert,
  }) => {
    const files = await actionFiles()
    assert.isAbove(files.length, 100, 'the actions were read')
    const found: string[] = []
    for (const file of files) {
      const path = relative(app.makePath(), file)
      const source = await readFile(file, 'utf8')
      if (/^\s*(?:async\s+)?handle\s*\(/m.test(source)) found.push(`${path}: a class with handle()`)
      if (/\bHttpContext\b/.test(source)) found.push(`${path}: takes the HttpContext`)
      if (/\binTransaction\b/.test(source)) found.push(`${path}: inTransaction`)
      if (
        path !== 'app/actions/action.ts' &&
        !OWN_TRANSACTION.has(path) &&
        /\.transaction\(/.test(source)
      ) {
        found.push(`${path}: a transaction opened without withTransaction`)
      }
    }
    assert.deepEqual(found, [])
  })
})
