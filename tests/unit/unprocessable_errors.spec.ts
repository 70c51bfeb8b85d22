import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Socket } from 'node:net'
import { IncomingMessage, ServerResponse } from 'node:http'
import testUtils from '@adonisjs/core/services/test_utils'
import HttpExceptionHandler from '#exceptions/handler'
import ApiException from '#exceptions/api_exception'
import { ERRORS, isErrorCode, type ErrorCode } from '#exceptions/catalogue'

/*
 * Every 422 carries `errors: [{field, rule, message}]`: the clients read it.
 * This walks every `ApiException.of('E_…', …)` in app/ whose code the
 * catalogue answers with 422, builds each as its source does and runs it
 * through the exception handler, so a 422 added tomorrow is held to the same
 * shape (and must name its field).
 */
const APP = fileURLToPath(new URL('../../app/', import.meta.url))

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? sourceFiles(join(dir, entry.name))
        : Promise.resolve(entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [])
    )
  )
  return nested.flat()
}

/** The text of each `ApiException.of('E_…', …)` call of a catalogued 422, parentheses balanced. */
function unprocessableCalls(source: string) {
  const calls: string[] = []
  let from = 0
  for (;;) {
    const start = source.indexOf('ApiException.of(', from)
    if (start < 0) return calls
    let depth = 0
    let end = start
    for (; end < source.length; end++) {
      if (source[end] === '(') depth++
      if (source[end] === ')' && --depth === 0) break
    }
    const code = /^ApiException\.of\('([A-Z0-9_]+)'/.exec(source.slice(start))?.[1]
    /* a code passed on (a helper's parameter, a thread's error) is checked where it is written */
    if (isErrorCode(code) && ERRORS[code].status === 422) calls.push(source.slice(start, end + 1))
    from = end
  }
}

type Site = {
  where: string
  code: ErrorCode
  key: string
  field: string | null
  fieldNamed: boolean
}

async function sites(): Promise<Site[]> {
  const found: Site[] = []
  for (const file of await sourceFiles(APP)) {
    for (const call of unprocessableCalls(await readFile(file, 'utf8'))) {
      const code = /^ApiException\.of\('([A-Z0-9_]+)'/.exec(call)![1] as ErrorCode
      /* a key may come from a helper's parameter (note_content's `invalid(key, field)`): its field is one too */
      const key = /\bkey:\s*'([a-z0-9_.]+)'/.exec(call)?.[1] ?? ERRORS[code].key
      const literal = /\b(?:field|apiField):\s*'([^']*)'/.exec(call)
      found.push({
        where: `${relative(APP, file)}: ${code}`,
        code,
        key,
        field: literal?.[1] ?? null,
        fieldNamed: /\b(?:field|apiField)\b/.test(call.slice(`ApiException.of('${code}'`.length)),
      })
    }
  }
  return found
}

async function render(error: unknown) {
  const req = new IncomingMessage(new Socket())
  req.method = 'POST'
  req.url = '/api/decks'
  req.headers['accept-language'] = 'en'
  const ctx = await testUtils.createHttpContext({ req, res: new ServerResponse(req) })
  await new HttpExceptionHandler().handle(error, ctx)
  ctx.response.finish()
  return { status: ctx.response.getStatus(), body: ctx.response.getBody() }
}

/* the placeholders some messages fill in */
const VALUES = {
  max: 3000,
  limit: 100,
  provider: 'google',
  seconds: 60,
  name: 'Front',
  field: 'Front',
  min: 20,
  count: 3,
  position: 4,
  expected: 'term',
}

test.group('Every 422 names its field', () => {
  test('each domain 422 in app/ answers errors [{field, rule, message}] with a field', async ({
    assert,
  }) => {
    const all = await sites()
    /* the walk found them: today about thirty 422s in some twenty codes */
    assert.isAbove(all.length, 25)
    for (const code of [
      'E_NOT_REPORTABLE',
      'E_MISSING_CREDENTIALS',
      'E_ALGORITHM_ON_ROOT_ONLY',
      'E_SUBDECK_IN_FOLDER',
      'E_CARDS_LIMIT_REACHED',
    ]) {
      assert.include(
        all.map((site) => site.code),
        code
      )
    }
    for (const site of all) {
      assert.isTrue(
        site.fieldNamed,
        `${site.where} names no field (give it \`field\`, or \`apiField\` when no page field shows it)`
      )
      const field = site.field ?? 'computed.field'
      const { status, body } = await render(
        ApiException.of(site.code, { key: site.key as never, field, values: VALUES })
      )
      assert.equal(status, 422, site.where)
      assert.equal(body.code, site.code, site.where)
      assert.notEqual(
        body.title,
        `errors.${site.key}.title`,
        `${site.where}: errors.${site.key}.title is translated`
      )
      assert.deepEqual(body.errors, [{ field, rule: site.code, message: body.title }], site.where)
    }
  })

  test('apiField names the field in the API answer', async ({ assert }) => {
    const { body } = await render(ApiException.of('E_NOT_REPORTABLE', { apiField: 'id' }))
    assert.deepEqual(body.errors, [{ field: 'id', rule: 'E_NOT_REPORTABLE', message: body.title }])
  })

  test('a 422 that names no field still carries errors; a client error from outside the catalogue is its 400', async ({
    assert,
  }) => {
    const bare = await render(ApiException.of('E_VALIDATION_ERROR'))
    assert.equal(bare.status, 422)
    assert.deepEqual(bare.body.errors, [
      { field: '', rule: 'E_VALIDATION_ERROR', message: bare.body.title },
    ])

    /* a library's own 4xx answers no code and no status the catalogue does not list */
    const foreign = Object.assign(new Error('a library said so'), {
      status: 422,
      code: 'E_LIBRARY',
    })
    const library = await render(foreign)
    assert.equal(library.status, ERRORS.E_BAD_REQUEST.status)
    assert.equal(library.body.code, 'E_BAD_REQUEST')
    assert.equal(library.body.title, 'This request could not be handled')
  })
})
