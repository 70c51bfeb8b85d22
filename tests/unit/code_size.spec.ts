import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { MAX_FILE_LINES, MAX_FUNCTION_LINES, measure } from '#tests/support/code_size'

/*
 * No file in app/ or inertia/ over 400 lines, no function over 150, except
 * those tests/unit/code_size_exceptions.json names, each with its reason:
 * `{path, reason}` for a file, `{path, function, reason}` for a function.
 * An exception that no longer exceeds the limit must leave the list.
 */
type Exception = { path: string; function?: string; reason: string }

async function exceptions() {
  const text = await readFile(app.makePath('tests/unit/code_size_exceptions.json'), 'utf8')
  const listed = (JSON.parse(text) as { exceptions: Exception[] }).exceptions
  const files = new Set<string>()
  const functions = new Set<string>()
  const unexplained: string[] = []
  for (const entry of listed) {
    if (typeof entry.reason !== 'string' || !entry.reason.trim()) unexplained.push(entry.path)
    if (entry.function) functions.add(`${entry.path} ${entry.function}`)
    else files.add(entry.path)
  }
  return { files, functions, unexplained }
}

test.group('Code size', () => {
  test('no file over 400 lines and no function over 150 in app/ and inertia/, but the listed exceptions', async ({
    assert,
  }) => {
    const measured = await measure(app.makePath(), ['app', 'inertia'])
    const allowed = await exceptions()
    const longFiles = measured.filter((file) => file.lines > MAX_FILE_LINES)
    const longFunctions = measured.flatMap((file) =>
      file.functions
        .filter((fn) => fn.lines > MAX_FUNCTION_LINES)
        .map((fn) => ({
          key: `${file.file} ${fn.name}`,
          where: `${file.file}:${fn.line}`,
          lines: fn.lines,
        }))
    )
    assert.isAbove(measured.length, 100, 'the source folders were read')
    assert.deepEqual(allowed.unexplained, [], 'exceptions without a reason')
    assert.deepEqual(
      longFiles
        .filter((file) => !allowed.files.has(file.file))
        .map((file) => `${file.file}: ${file.lines} lines`),
      [],
      'files over 400 lines that tests/unit/code_size_exceptions.json does not explain'
    )
    assert.deepEqual(
      longFunctions
        .filter((fn) => !allowed.functions.has(fn.key))
        .map((fn) => `${fn.where} ${fn.key.split(' ')[1]}: ${fn.lines} lines`),
      [],
      'functions over 150 lines that tests/unit/code_size_exceptions.json does not explain'
    )
    const stale = [...allowed.files]
      .filter((file) => !longFiles.some((long) => long.file === file))
      .concat(
        [...allowed.functions].filter((key) => !longFunctions.some((long) => long.key === key))
      )
    assert.deepEqual(stale, [], 'exceptions within the limits now (remove them from the list)')
  })
})
