import { test } from '@japa/runner'
import { request as httpRequest } from 'node:http'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import { createDeck } from '#actions/decks/create_deck'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { signedIn, WebSession, pageCall as call } from '#tests/support/web_session'
import { withQueuePaused } from '#tests/support/content'
import { driveFiles, holdings } from '#tests/functional/api/imports/support'
import { writeZip } from '#tests/support/anki_builder'

/** The upload as the dialog sends it: form fields, then one file. */
function form(
  content: string | Uint8Array<ArrayBuffer>,
  name: string,
  fields: Record<string, string> = {}
) {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) data.append(key, value)
  data.append('file', new Blob([content]), name)
  return data
}

/** Follows an import as the dialog does, bounded (not a timed assertion): the worker runs in the test process. */
async function settled(web: WebSession, id: number) {
  let last: any
  for (let i = 0; i < 250; i++) {
    last = (await call(web, 'GET', `/deck_imports/${id}`)).body
    if (['done', 'failed', 'cancelled'].includes(last?.status)) return last
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`import ${id} still ${last?.status}`)
}

const importCount = async () => Number((await db.from('deck_imports').count('* as n').first()).n)

test.group('Web: deck imports', (group) => {
  group.each.setup(() => resetState())

  test('pasted text uploads as a file with its separators, is followed to done, and becomes a deck', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    await web.get('/')
    const upload = await call(
      web,
      'POST',
      '/deck_imports',
      form('gato - cat;perro - dog;casa - house', 'pasted.txt', {
        card_separator: 'semicolon',
        field_separator: ' - ',
      })
    )
    assert.equal(upload.status, 202, JSON.stringify(upload.body))
    assert.include(upload.body, { fileName: 'pasted.txt', format: 'text', error: null })
    assert.oneOf(upload.body.status, ['queued', 'processing', 'done'])
    assert.properties(upload.body.progress, ['total', 'processed'])

    const done = await settled(web, upload.body.id)
    assert.equal(done.status, 'done', JSON.stringify(done))
    assert.include(done.counts, { notes: 3, cards: 3 })
    assert.isNull(done.error)
    const deck = await db.from('decks').where('id', done.deckId).where('user_id', user.id).first()
    assert.equal(deck.state, 'active')
    const notes = await db.from('notes').where('deck_id', deck.id).orderBy('id')
    assert.deepEqual(
      notes.map((note) => [note.fields.Front, note.fields.Back]),
      [
        ['gato', 'cat'],
        ['perro', 'dog'],
        ['casa', 'house'],
      ]
    )
  })

  test(
    "a failed import answers with its message in the learner's language, and keeps no file: a retry needs " +
      'the file again',
    async ({ assert }) => {
      const { user, web } = await signedIn('ana@example.test')
      await web.get('/')
      /* a zip with a collection entry, so the upload's check lets it through; no SQLite inside, so the job fails */
      const dir = await mkdtemp(join(tmpdir(), 'broken-'))
      await writeZip(join(dir, 'broken.apkg'), [
        { name: 'collection.anki2', data: Buffer.from('this is not an SQLite database') },
      ])
      const bytes = new Uint8Array(await readFile(join(dir, 'broken.apkg')))
      await rm(dir, { recursive: true, force: true })
      const upload = await call(web, 'POST', '/deck_imports', form(bytes, 'broken.apkg'))
      assert.equal(upload.status, 202)
      const failed = await settled(web, upload.body.id)
      assert.equal(failed.status, 'failed')
      /* which reader error it is belongs to the readers; the message is the catalogue's for that key */
      assert.isString(failed.errorKey)
      const message = (locale: string, part: 'title' | 'body') => {
        const key = `errors.${failed.errorKey}.${part}`
        return i18nManager.locale(locale).hasMessage(key) ? i18nManager.locale(locale).t(key) : null
      }
      assert.deepEqual(failed.error, { title: message('en', 'title'), body: message('en', 'body') })
      assert.isNotNull(failed.error.title)
      assert.isNull(failed.deckId)
      user.locale = 'de'
      await user.save()
      const german = (await call(web, 'GET', `/deck_imports/${upload.body.id}`)).body.error
      assert.equal(german.title, message('de', 'title'))
      assert.notEqual(german.title, failed.error.title)

      /* the upload went with the failure (the dialog's Retry sends the file again) */
      assert.isNull((await db.from('deck_imports').where('id', upload.body.id).first()).storage_key)
      const retried = await call(web, 'POST', `/deck_imports/${upload.body.id}/retry`)
      assert.equal(retried.status, 409)
      assertErrorBody(assert, retried.body, 'E_IMPORT_FILE_GONE')
      assert.equal(retried.body.title, i18nManager.locale('de').t('errors.import_file_gone.title'))
      const again = await call(web, 'POST', '/deck_imports', form(bytes, 'broken.apkg'))
      assert.equal(again.status, 202)
      assert.equal(
        (await settled(web, again.body.id)).status,
        'failed',
        'the same file fails the same way'
      )
    }
  )

  test('cancel removes the deck and the file; a cancelled import cannot be retried', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    await web.get('/')
    const files = await driveFiles()
    const started = await withQueuePaused(async () => {
      const upload = await call(
        web,
        'POST',
        '/deck_imports',
        form('front,back\nuno,one\n', 'numbers.csv')
      )
      assert.equal(upload.status, 202)
      assert.equal(upload.body.status, 'queued')
      const cancelled = await call(web, 'DELETE', `/deck_imports/${upload.body.id}`)
      assert.equal(cancelled.status, 200)
      assert.equal(cancelled.body.status, 'cancelled')
      return upload.body
    })
    assert.isNull(await db.from('decks').where('id', started.deckId).first())
    assert.deepEqual(await driveFiles(), files)
    assert.include(await holdings(user.id), { decks: 0, notes: 0 })
    const retry = await call(web, 'POST', `/deck_imports/${started.id}/retry`)
    assert.equal(retry.status, 409)
    assertErrorBody(assert, retry.body, 'E_IMPORT_CANCELLED')
  })

  test(
    'the upload is refused without the XSRF token, for a wrong format, for two files, and over 500 MB; ' +
      'nothing is kept',
    async ({ assert }) => {
      const { user, web } = await signedIn('ana@example.test')
      await web.get('/')
      const before = { ...(await holdings(user.id)), files: await driveFiles() }

      const forged = await call(
        web,
        'POST',
        '/deck_imports',
        form('front,back\na,b\n', 'words.csv'),
        { csrf: false }
      )
      assert.equal(forged.status, 403)
      assertErrorBody(assert, forged.body, 'E_BAD_CSRF_TOKEN')

      const wrong = await call(web, 'POST', '/deck_imports', form('MZ', 'setup.exe'))
      assert.equal(wrong.status, 422)
      assertErrorBody(assert, wrong.body, 'E_UNSUPPORTED_FORMAT')
      assert.equal(wrong.body.title, 'Unsupported file format')
      /* the name says Anki, the bytes do not: refused at upload too, in the dialog's words */
      const disguised = await call(
        web,
        'POST',
        '/deck_imports',
        form('MZ\x90\x00 a program, renamed', 'deck.apkg')
      )
      assert.equal(disguised.status, 422)
      assertErrorBody(assert, disguised.body, 'E_UNSUPPORTED_FORMAT')
      assert.equal(disguised.body.title, 'Unsupported file format')

      const two = form('front,back\na,b\n', 'a.csv')
      two.append('second', new Blob(['front,back\nc,d\n']), 'b.csv')
      const twice = await call(web, 'POST', '/deck_imports', two)
      assert.equal(twice.status, 422)
      assertErrorBody(assert, twice.body, 'E_ONE_FILE_ONLY')

      /* a declared size over the cap is answered before the body is read */
      const url = new URL(`${web.base}/deck_imports`)
      const tooBig = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(
          {
            hostname: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            headers: {
              'cookie': [...web.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
              'x-xsrf-token': decodeURIComponent(web.cookies.get('XSRF-TOKEN') ?? ''),
              'accept': 'application/json',
              'content-type': 'multipart/form-data; boundary=x',
              'content-length': String(600 * 1024 * 1024),
            },
          },
          (response) => {
            let body = ''
            response.on('data', (chunk) => (body += chunk))
            response.on('end', () => resolve({ status: response.statusCode!, body }))
          }
        )
        request.on('error', reject)
        request.write('--x\r\n')
        setTimeout(() => request.destroy(), 10_000)
      })
      assert.equal(tooBig.status, 413)
      assertErrorBody(assert, JSON.parse(tooBig.body), 'E_FILE_TOO_BIG')

      assert.deepEqual({ ...(await holdings(user.id)), files: await driveFiles() }, before)
      assert.equal(await importCount(), 0)
    }
  )

  test('the preview shows the first rows, the problems by line and the detected separators', async ({
    assert,
  }) => {
    const { web } = await signedIn('ana@example.test')
    await web.get('/')

    const quizlet = await call(web, 'POST', '/deck_imports/preview', {
      text: 'gato\tcat\nperro\n\tdog\ncasa\thouse\n"open\tquote\n',
    })
    assert.equal(quizlet.status, 200)
    assert.deepEqual(
      quizlet.body.rows.map((row: any) => [row.line, row.front, row.back]),
      [
        [1, 'gato', 'cat'],
        [4, 'casa', 'house'],
      ]
    )
    assert.equal(quizlet.body.total, 2)
    assert.deepEqual(quizlet.body.problems, [
      { line: 2, reason: 'no_back' },
      { line: 3, reason: 'no_front' },
      { line: 5, reason: 'unbalanced_quote' },
    ])
    assert.equal(quizlet.body.problemCount, 3)
    assert.deepEqual(quizlet.body.detected, { cardSeparator: 'newline', fieldSeparator: 'tab' })

    /* fields come back as written (the dialog shows them as text), not escaped */
    const chosen = await call(web, 'POST', '/deck_imports/preview', {
      text: 'a < b :: true;x & y :: and',
      card_separator: 'semicolon',
      field_separator: '::',
    })
    assert.deepEqual(
      chosen.body.rows.map((row: any) => [row.front, row.back]),
      [
        ['a < b', 'true'],
        ['x & y', 'and'],
      ]
    )
    assert.deepEqual(chosen.body.detected, { cardSeparator: 'semicolon', fieldSeparator: '::' })

    const long = await call(web, 'POST', '/deck_imports/preview', {
      text: Array.from({ length: 30 }, (_, i) => `q${i},a${i}`).join('\n'),
    })
    assert.lengthOf(long.body.rows, 20)
    assert.equal(long.body.total, 30)
    assert.deepEqual(long.body.detected, { cardSeparator: 'newline', fieldSeparator: 'comma' })
    assert.isFalse(long.body.mixedSeparators)

    /* a chosen file's first bytes are decoded as the import decodes them: Windows-1252 here */
    const latin = await call(web, 'POST', '/deck_imports/preview', {
      data: Buffer.from([
        0x63, 0x61, 0x66, 0xe9, 0x3b, 0x63, 0x6f, 0x66, 0x66, 0x65, 0x65,
      ]).toString('base64'),
    })
    assert.deepEqual(
      latin.body.rows.map((row: any) => [row.front, row.back]),
      [['café', 'coffee']]
    )
    assert.deepEqual(latin.body.detected, { cardSeparator: 'newline', fieldSeparator: ';' })
    /* bytes keep what a form field loses (leading blank lines), so the lines are numbered as the import numbers them */
    const blankFirst = await call(web, 'POST', '/deck_imports/preview', {
      data: Buffer.from('\n\ngato\tcat\nperro\n').toString('base64'),
    })
    assert.deepEqual(
      blankFirst.body.rows.map((row: any) => row.line),
      [3]
    )
    assert.deepEqual(blankFirst.body.problems, [{ line: 4, reason: 'no_back' }])

    /* most lines do not split with what was guessed: the import would be refused until separators are chosen */
    const mixed = await call(web, 'POST', '/deck_imports/preview', { text: 'a\tb\nc,d\ne,f\n' })
    assert.deepEqual(
      mixed.body.problems.map((problem: any) => problem.line),
      [2, 3]
    )
    assert.isTrue(mixed.body.mixedSeparators)
    const chosenComma = await call(web, 'POST', '/deck_imports/preview', {
      text: 'a\tb\nc,d\ne,f\n',
      field_separator: 'comma',
    })
    assert.isFalse(chosenComma.body.mixedSeparators)
    assert.deepEqual(
      chosenComma.body.rows.map((row: any) => row.line),
      [2, 3]
    )

    const same = await call(web, 'POST', '/deck_imports/preview', {
      text: 'a;b',
      card_separator: 'semicolon',
      field_separator: ';',
    })
    assert.equal(same.status, 422)
    assertErrorBody(assert, same.body, 'E_VALIDATION_ERROR')

    const forged = await call(
      web,
      'POST',
      '/deck_imports/preview',
      { text: 'a\tb' },
      { csrf: false }
    )
    assert.equal(forged.status, 403)
  })

  test("the dialog's calls keep the flash message meant for the page", async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Spanish' })
    await web.get('/')
    await web.put(`/decks/${deck.id}`, { deck: { name: 'Español' } })
    assert.equal((await call(web, 'POST', '/deck_imports/preview', { text: 'a\tb' })).status, 200)
    const home = await web.visit('/')
    assert.equal(home.props.flash.success, 'Deck saved')
  })

  test("another learner's import is a 404; signed out, pages go to sign in and JSON calls get a 401", async ({
    assert,
  }) => {
    const owner = await signedIn('ana@example.test')
    await owner.web.get('/')
    const upload = await call(
      owner.web,
      'POST',
      '/deck_imports',
      form('front,back\nuno,one\n', 'mine.csv')
    )
    const done = await settled(owner.web, upload.body.id)
    assert.equal(done.status, 'done')

    const other = await signedIn('bo@example.test')
    await other.web.get('/')
    for (const [method, path] of [
      ['GET', `/deck_imports/${done.id}`],
      ['POST', `/deck_imports/${done.id}/retry`],
      ['DELETE', `/deck_imports/${done.id}`],
    ]) {
      const response = await call(other.web, method, path)
      assert.equal(response.status, 404, `${method} ${path}`)
      assertErrorBody(assert, response.body, 'E_NOT_FOUND')
    }
    assert.isNotNull(await db.from('decks').where('id', done.deckId).first())
    assert.equal((await call(owner.web, 'GET', `/deck_imports/${done.id}`)).body.status, 'done')

    const signedOut = new WebSession()
    await signedOut.get('/sign-in')
    const page = await signedOut.get(`/deck_imports/${done.id}`)
    assert.equal(page.status, 302)
    assert.equal(page.location, `/sign-in?next=${encodeURIComponent(`/deck_imports/${done.id}`)}`)
    assert.equal((await call(signedOut, 'GET', `/deck_imports/${done.id}`)).status, 401)
    const anonymousUpload = await call(
      signedOut,
      'POST',
      '/deck_imports',
      form('front,back\na,b\n', 'words.csv')
    )
    assert.equal(anonymousUpload.status, 401)
    assertErrorBody(assert, anonymousUpload.body, 'E_UNAUTHORIZED')
    assert.equal(
      (await call(signedOut, 'POST', '/deck_imports/preview', { text: 'a\tb' })).status,
      401
    )
    assert.equal(await importCount(), 1)
  })
})
