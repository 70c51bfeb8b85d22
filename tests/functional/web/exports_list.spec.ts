import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { createDeck } from '#actions/decks/create_deck'
import DeckExport from '#models/deck_export'
import { resetState } from '#tests/support/helpers'
import { signedIn, WebSession } from '#tests/support/web_session'
import { download, exportMail } from '../api/exports/support.js'

const page = async (web: WebSession, path: string) => await web.visit(path)

/** Polls the exports page (as the browser does) until the export is no longer waiting or being written. */
async function settled(web: WebSession, id: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const found = (await page(web, '/exports')).props.exports.find((item: any) => item.id === id)
    if (found && !['queued', 'processing'].includes(found.state)) return found
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  throw new Error(`export ${id} did not finish within ${timeoutMs} ms`)
}

async function fetchFile(web: WebSession, path: string) {
  const cookie = [...web.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const response = await fetch(`${web.base}${path}`, { headers: { cookie }, redirect: 'manual' })
  return { response, bytes: Buffer.from(await response.arrayBuffer()) }
}

test.group("Web: the learner's exports", (group) => {
  group.each.setup(async () => {
    await resetState()
    await drive.use().deleteAll('exports')
  })
  group.each.timeout(60_000)

  test('an export requested on the web is listed, followed to ready, and downloaded by its button', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeck(user, { name: 'Biology' })
    await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: [{ front: 'Cell', back: 'Unit of life' }],
    })
    await web.get('/')
    await web.post(`/decks/${deck.id}/exports`, { format: 'csv', mail_link: true })
    /* the toast leads to the list */
    const home = await page(web, '/')
    assert.deepEqual(home.props.flash.action, { label: 'See exports', href: '/exports' })

    const listed = await page(web, '/exports')
    assert.equal(listed.component, 'exports/index')
    assert.lengthOf(listed.props.exports, 1)
    assert.containsSubset(listed.props.exports[0], {
      deckName: 'Biology',
      format: 'csv',
      includeProgress: false,
      email: 'ana@example.test',
    })
    const id = listed.props.exports[0].id

    const ready = await settled(web, id)
    assert.equal(ready.state, 'done')
    assert.equal(ready.downloadUrl, `/exports/${id}/file`)
    assert.isAbove(ready.size, 0)
    const file = await fetchFile(web, ready.downloadUrl)
    assert.equal(file.response.status, 200)
    assert.equal(file.response.headers.get('content-type'), 'text/csv; charset=utf-8')
    assert.include(
      file.response.headers.get('content-disposition')!,
      'attachment; filename="Biology.csv"'
    )
    assert.equal(file.bytes.toString('utf8'), 'front,back,tags\r\nCell,Unit of life,\r\n')
    /* the e-mail stays, and its link gives the same file */
    const { link } = await exportMail('ana@example.test')
    const mailed = await download(link)
    assert.isTrue(mailed.bytes.equals(file.bytes))
  })

  test('every state reads as the learner meets it, newest first; a finished file past its days is expired', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const base = {
      userId: user.id,
      deckId: null,
      email: 'ana@example.test',
      format: 'ofc' as const,
      includeProgress: false,
    }
    const made = []
    for (const [deckName, extra] of [
      ['Failed deck', { status: 'failed', errorMessage: 'deck_deleted' }],
      ['Broken', { status: 'failed', errorMessage: 'EACCES: permission denied, open /srv/tmp/x' }],
      [
        'Old',
        {
          status: 'done',
          storageKey: 'exports/old/Old.ofc',
          size: 10,
          expiresAt: DateTime.now().minus({ days: 1 }),
        },
      ],
      [
        'Fresh',
        {
          status: 'done',
          storageKey: 'exports/fresh/Fresh.ofc',
          size: 2048,
          expiresAt: DateTime.now().plus({ days: 6 }),
        },
      ],
      ['Running', { status: 'processing' }],
      ['Waiting', { status: 'queued' }],
    ] as const) {
      made.push(await DeckExport.create({ ...base, deckName, ...(extra as object) }))
    }
    const items = (await page(web, '/exports')).props.exports
    assert.deepEqual(
      items.map((item: any) => [
        item.deckName,
        item.state,
        item.failure,
        Boolean(item.downloadUrl),
      ]),
      [
        ['Waiting', 'queued', null, false],
        ['Running', 'processing', null, false],
        ['Fresh', 'done', null, true],
        ['Old', 'expired', null, false],
        ['Broken', 'failed', 'error', false],
        ['Failed deck', 'failed', 'deck_deleted', false],
      ]
    )
    assert.notInclude(JSON.stringify(items), 'EACCES', 'an internal error message is not shown')
    /* an expired file is not served; one not yet written is not there */
    const old = made[2]
    assert.equal((await fetchFile(web, `/exports/${old.id}/file`)).response.status, 410)
    assert.equal((await fetchFile(web, `/exports/${made[5].id}/file`)).response.status, 404)
  })

  test("another user never sees or downloads someone else's export; a signed-out visitor is sent to sign in", async ({
    assert,
  }) => {
    const owner = await signedIn('ana@example.test')
    const record = await DeckExport.create({
      userId: owner.user.id,
      deckId: null,
      deckName: 'Private',
      email: 'ana@example.test',
      format: 'csv',
      includeProgress: false,
      status: 'done',
      storageKey: 'exports/private/Private.csv',
      size: 7,
      expiresAt: DateTime.now().plus({ days: 7 }),
    })
    await drive.use().put('exports/private/Private.csv', 'secret!')
    assert.equal(
      (await fetchFile(owner.web, `/exports/${record.id}/file`)).bytes.toString('utf8'),
      'secret!'
    )

    const other = await signedIn('eve@example.test')
    assert.deepEqual((await page(other.web, '/exports')).props.exports, [])
    const stolen = await fetchFile(other.web, `/exports/${record.id}/file`)
    assert.equal(stolen.response.status, 404)
    assert.notInclude(stolen.bytes.toString('utf8'), 'secret!')
    assert.equal((await fetchFile(other.web, '/exports/999999/file')).response.status, 404)

    const visitor = new WebSession()
    const signedOut = await fetchFile(visitor, `/exports/${record.id}/file`)
    assert.equal(signedOut.response.status, 302)
    assert.equal(
      signedOut.response.headers.get('location'),
      `/sign-in?next=${encodeURIComponent(`/exports/${record.id}/file`)}`
    )
    assert.equal(
      (await visitor.get('/exports')).location,
      `/sign-in?next=${encodeURIComponent('/exports')}`
    )
    assert.equal(Number((await db.from('deck_exports').count('* as n').first()).n), 1)
  })

  test("the page speaks the learner's language, with no raw keys", async ({ assert }) => {
    const { user, web } = await signedIn('ana@example.test')
    user.locale = 'de'
    await user.save()
    await DeckExport.create({
      userId: user.id,
      deckId: null,
      deckName: 'Biologie',
      email: 'ana@example.test',
      format: 'apkg',
      includeProgress: true,
      status: 'done',
      storageKey: 'exports/x/Biologie.apkg',
      size: 4096,
      expiresAt: DateTime.now().plus({ days: 7 }),
    })
    const html = (await web.get('/exports')).text
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
    for (const text of [
      '<h1>Exporte</h1>',
      'Anki (.apkg)',
      'mit Lernfortschritt',
      'Bereit',
      'Herunterladen',
      'Link gesendet an ana@example.test',
    ]) {
      assert.include(main, text)
    }
    assert.notMatch(main, /\bui\.[a-z_]+\./)
  })
})
