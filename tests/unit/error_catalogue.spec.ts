import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import ApiException from '#exceptions/api_exception'
import { ERROR_CATALOGUE, ERRORS, keysOf, type ErrorCode } from '#exceptions/catalogue'
import { renderErrorsDoc } from '../../commands/docs_errors.js'

/*
 * One error catalogue (app/exceptions/catalogue.ts): each code once with its
 * status and its message key, every error built from it (ApiException.of),
 * and docs/errors.md generated from it. The messages' five languages are
 * held by error_messages.spec.ts.
 */
const CATALOGUE = 'app/exceptions/catalogue.ts'
const CONSTRUCTOR = 'app/exceptions/api_exception.ts'

async function appSources() {
  const root = app.makePath('app')
  const files = (await readdir(root, { recursive: true }))
    .filter((file) => /\.tsx?$/.test(file))
    .sort()
  const read = async (file: string) => ({
    path: `app/${file}`,
    text: await readFile(`${root}/${file}`, 'utf8'),
  })
  return Promise.all(files.map(read))
}

const codes = Object.keys(ERRORS) as ErrorCode[]

test.group('The error catalogue', () => {
  test('no error is built outside it: no `new ApiException` in app/ but ApiException.of', async ({
    assert,
  }) => {
    const offenders = (await appSources())
      .filter(({ path }) => path !== CONSTRUCTOR)
      .flatMap(({ path, text }) => [...text.matchAll(/new\s+ApiException\b/g)].map(() => path))
    assert.deepEqual(
      offenders,
      [],
      'build errors with ApiException.of(code, …) from app/exceptions/catalogue.ts'
    )
    const own = await readFile(app.makePath(CONSTRUCTOR), 'utf8')
    const calls = [...own.matchAll(/new\s+ApiException\b/g)]
    assert.lengthOf(calls, 1, 'ApiException.of is the one place that calls the constructor')
  })

  test('each code once, with an HTTP error status and message keys of its own', async ({
    assert,
  }) => {
    const source = await readFile(app.makePath(CATALOGUE), 'utf8')
    const written = [...source.matchAll(/^ {2}(E_[A-Z0-9_]+): \{/gm)].map((match) => match[1])
    assert.deepEqual(written, [...new Set(written)], 'a code is written once')
    assert.sameMembers(written, codes)
    assert.isAbove(codes.length, 100)
    for (const code of codes) {
      const { status } = ERROR_CATALOGUE[code]
      assert.match(code, /^E_[A-Z0-9_]+$/)
      assert.isTrue(
        Number.isInteger(status) && status >= 400 && status <= 599,
        `${code}: ${status}`
      )
      const keys = keysOf(code)
      assert.deepEqual(keys, [...new Set(keys)], `${code} lists a key twice`)
      for (const key of keys) assert.match(key, /^[a-z0-9_]+(\.[a-z0-9_]+)?$/, `${code}: ${key}`)
    }
  })

  test('every code is one the server sends: named in app/ beside the catalogue', async ({
    assert,
  }) => {
    const text = (await appSources())
      .filter(({ path }) => path !== CATALOGUE)
      .map((source) => source.text)
      .join('\n')
    for (const code of codes)
      assert.include(text, `'${code}'`, `${code} is in the catalogue but nothing sends it`)
  })

  test('status and key come from the catalogue; a code or key it does not list is refused', ({
    assert,
  }) => {
    const own = ApiException.of('E_OWN_DECK')
    assert.equal(own.status, 403)
    assert.equal(own.code, 'E_OWN_DECK')
    assert.equal(own.key, 'library_own_deck')
    const worded = ApiException.of('E_FORBIDDEN', { key: 'deck_read_only', field: 'deck' })
    assert.deepEqual(
      [worded.status, worded.key, worded.options],
      [403, 'deck_read_only', { field: 'deck' }]
    )

    // @ts-expect-error: a code the catalogue does not list does not compile
    assert.throws(() => ApiException.of('E_NOT_IN_THE_CATALOGUE'))
    /* nor a key that is another code's */
    const otherKey = () =>
      // @ts-expect-error: 'forbidden' is not a message of E_OWN_DECK
      ApiException.of('E_OWN_DECK', { key: 'forbidden' })
    assert.throws(otherKey, /not a message of E_OWN_DECK/)
  })

  test('docs/errors.md is generated from it and up to date (node ace docs:errors)', async ({
    assert,
  }) => {
    const english = JSON.parse(
      await readFile(app.makePath('resources/lang/en/errors.json'), 'utf8')
    )
    const written = await readFile(app.makePath('docs/errors.md'), 'utf8').catch(() => '')
    assert.equal(
      written,
      renderErrorsDoc(english),
      'docs/errors.md is stale: run `node ace docs:errors`'
    )
    for (const code of codes)
      assert.include(written, `| \`${code}\` | ${ERROR_CATALOGUE[code].status} |`)
  })
})
