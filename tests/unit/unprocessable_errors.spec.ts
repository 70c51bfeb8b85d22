import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Socket } from 'node:net'
import { IncomingMessage, ServerResponse } from 'node:http'
import testUtils from '@adonisjs/core/services/test_utils'
import HttpExceptionHandler from '#exceptions/handler'
import ApiException from '#exceptions/api_exception'

/*
 * Every 422 carries `errors: [{field, rule, message}]`: the clients read it.
 * This walks every `new ApiException(422, …)` in app/, builds each as its
 * source does and runs it through the exception handler, so a 422 added
 * tomorrow is held to the same shape (and must name its field).
 */
const APP = fileURLToPath(new URL('../../app/', import.meta.url))

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : Promise.resolve(entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [])))
  )
  return nested.flat()
}

/** The text of each `new ApiException(422, …)` call, parentheses balanced. */
function unprocessableCalls(source: string) {
  const calls: string[] = []
  let from = 0
  for (;;) {
    const start = source.indexOf('new ApiException(422', from)
    if (start < 0) return calls
    let depth = 0
    let end = start
    for (; end < source.length; end++) {
      if (source[end] === '(') depth++
      if (source[end] === ')' && --depth === 0) break
    }
    calls.push(source.slice(start, end + 1))
    from = end
  }
}

type Site = { where: string; code: string; key: string; field: string | null; fieldNamed: boolean; hasBody: boolean }

async function sites(): Promise<Site[]> {
  const found: Site[] = []
  for (const file of await sourceFiles(APP)) {
    for (const call of unprocessableCalls(await readFile(file, 'utf8'))) {
      /* a key may come from a helper's parameter (note_content's `invalid(key, field)`): its field is one too */
      /* codes and keys may hold digits (E_INVALID_BASE64, invalid_base64) */
      const head = /^new ApiException\(422,\s*'([A-Z0-9_]+)',\s*(?:'([a-z0-9_]+)'|\w+)/.exec(call)
      if (!head) throw new Error(`${relative(APP, file)}: a 422 whose code is not a literal: ${call}`)
      const literal = /\b(?:field|apiField):\s*'([^']+)'/.exec(call)
      found.push({
        where: `${relative(APP, file)}: ${head[1]}`,
        code: head[1],
        key: head[2] ?? 'validation',
        field: literal?.[1] ?? null,
        fieldNamed: /\b(?:field|apiField)\b/.test(call.slice(head[0].length)),
        hasBody: /hasBody:\s*true/.test(call),
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
const VALUES = { max: 3000, limit: 100, provider: 'google', seconds: 60, name: 'Front', field: 'Front', min: 20, count: 3, position: 4, expected: 'term' }

test.group('Every 422 names its field', () => {
  test('each domain 422 in app/ answers errors [{field, rule, message}] with a field', async ({ assert }) => {
    const all = await sites()
    /* the walk found them: today about thirty 422s in some twenty codes */
    assert.isAbove(all.length, 25)
    for (const code of ['E_NOT_REPORTABLE', 'E_MISSING_CREDENTIALS', 'E_ALGORITHM_ON_ROOT_ONLY', 'E_SUBDECK_IN_FOLDER', 'E_CARDS_LIMIT_REACHED']) {
      assert.include(all.map((site) => site.code), code)
    }
    for (const site of all) {
      assert.isTrue(site.fieldNamed, `${site.where} names no field (give it \`field\`, or \`apiField\` when no page field shows it)`)
      const field = site.field ?? 'computed.field'
      const { status, body } = await render(new ApiException(422, site.code, site.key, { field, values: VALUES, hasBody: site.hasBody }))
      assert.equal(status, 422, site.where)
      assert.equal(body.code, site.code, site.where)
      assert.notEqual(body.title, `errors.${site.key}.title`, `${site.where}: errors.${site.key}.title is translated`)
      assert.deepEqual(body.errors, [{ field, rule: site.code, message: body.title }], site.where)
    }
  })

  test('apiField names the field in the API answer', async ({ assert }) => {
    const { body } = await render(new ApiException(422, 'E_NOT_REPORTABLE', 'deck_not_reportable', { apiField: 'id' }))
    assert.deepEqual(body.errors, [{ field: 'id', rule: 'E_NOT_REPORTABLE', message: body.title }])
  })

  test('a 422 from anywhere else still carries errors', async ({ assert }) => {
    const bare = await render(new ApiException(422, 'E_SOMETHING_NEW', 'validation'))
    assert.equal(bare.status, 422)
    assert.deepEqual(bare.body.errors, [{ field: '', rule: 'E_SOMETHING_NEW', message: bare.body.title }])

    const foreign = Object.assign(new Error('a library said so'), { status: 422, code: 'E_LIBRARY' })
    const library = await render(foreign)
    assert.equal(library.status, 422)
    assert.deepEqual(library.body.errors, [{ field: '', rule: 'E_LIBRARY', message: library.body.title }])
  })
})
