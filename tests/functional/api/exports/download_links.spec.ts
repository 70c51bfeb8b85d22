import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import DeckExport from '#models/deck_export'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { WebSession } from '#tests/support/web_session'
import { basicNote, createDeck, signIn } from '#tests/support/content'
import { downloadUrl } from '#services/urls/download_link'
import { download, exportMail, requestExport, waitForExport } from './support.js'

/** A finished CSV export of a one-note deck, and the link its mail carries. */
async function finishedExport(client: any) {
  const { token } = await signIn({ email: 'ana@example.test' })
  const deck = await createDeck(client, token, { name: 'Links' })
  await basicNote(client, token, deck.id, 'front', 'back')
  const response = await requestExport(client, token, { deck_id: deck.id, format: 'csv' })
  response.assertStatus(202)
  const done = await waitForExport(client, token, response.body().id)
  if (done.status !== 'done') throw new Error(`export failed: ${JSON.stringify(done)}`)
  const { link } = await exportMail('ana@example.test')
  return { id: done.id as number, link, token }
}

const json = { accept: 'application/json' }

test.group('Export download links', (group) => {
  group.each.setup(() => resetState())
  group.each.timeout(60_000)

  test('the mailed link works with no session or token, any number of times', async ({
    client,
    assert,
  }) => {
    const { link } = await finishedExport(client)
    for (let i = 0; i < 2; i++) {
      const { response, bytes } = await download(link)
      assert.equal(response.status, 200)
      assert.equal(response.headers.get('cache-control'), 'private, no-store')
      assert.equal(bytes.toString('utf8'), 'front,back,tags\r\nfront,back,\r\n')
    }
  })

  test('a tampered link is refused (403): another id, another expiry, a changed or missing signature', async ({
    client,
    assert,
  }) => {
    const { id, link } = await finishedExport(client)
    const url = new URL(link)
    const variants = [
      link.replace(`/exports/${id}/`, `/exports/${id + 1}/`),
      (() => {
        const later = new URL(link)
        later.searchParams.set('expires', String(Math.floor(Date.now() / 1000) + 365 * 86_400))
        return later.toString()
      })(),
      (() => {
        const forged = new URL(link)
        const signature = forged.searchParams.get('signature')!
        forged.searchParams.set(
          'signature',
          signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA')
        )
        return forged.toString()
      })(),
      `${url.origin}${url.pathname}`,
    ]
    for (const variant of variants) {
      const page = await download(variant)
      assert.equal(page.response.status, 403, variant)
      assert.notEqual(page.response.headers.get('content-type'), 'text/csv; charset=utf-8')
      assert.equal(WebSession.page(page.bytes.toString('utf8')).component, 'exports/download_error')
      assert.equal(WebSession.page(page.bytes.toString('utf8')).props.reason, 'invalid')

      const api = await download(variant, json)
      assert.equal(api.response.status, 403)
      assertErrorBody(assert, JSON.parse(api.bytes.toString('utf8')), 'E_EXPORT_LINK_INVALID')
    }
  })

  test('an expired link is refused (410), whether the signature or the export ran out', async ({
    client,
    assert,
  }) => {
    const { id, link } = await finishedExport(client)
    const record = await DeckExport.findOrFail(id)

    /* a link signed to expire a minute ago */
    const stale = downloadUrl(record, DateTime.now().minus({ minutes: 1 }))
    const page = await download(stale)
    assert.equal(page.response.status, 410)
    assert.equal(WebSession.page(page.bytes.toString('utf8')).props.reason, 'expired')
    const api = await download(stale, json)
    assert.equal(api.response.status, 410)
    assertErrorBody(assert, JSON.parse(api.bytes.toString('utf8')), 'E_EXPORT_LINK_EXPIRED')

    /* the mailed link, still validly signed, once the export itself expired */
    assert.equal((await download(link)).response.status, 200)
    await db
      .from('deck_exports')
      .where('id', id)
      .update({ expires_at: DateTime.now().minus({ seconds: 1 }).toJSDate() })
    const expired = await download(link, json)
    assert.equal(expired.response.status, 410)
    assertErrorBody(assert, JSON.parse(expired.bytes.toString('utf8')), 'E_EXPORT_LINK_EXPIRED')
  })

  test('a deleted export, or one whose file is gone, is 410', async ({ client, assert }) => {
    const { id, link, token } = await finishedExport(client)
    const record = await DeckExport.findOrFail(id)

    await drive.use().delete(record.storageKey!)
    const fileGone = await download(link, json)
    assert.equal(fileGone.response.status, 410)
    assertErrorBody(assert, JSON.parse(fileGone.bytes.toString('utf8')), 'E_EXPORT_GONE')

    await db.from('deck_exports').where('id', id).delete()
    const rowGone = await download(link)
    assert.equal(rowGone.response.status, 410)
    assert.equal(WebSession.page(rowGone.bytes.toString('utf8')).props.reason, 'gone')
    ;(await client.get(`/api/deck_exports/${id}`).bearerToken(token)).assertStatus(404)
  })

  test('GET deck_exports/{id} offers no link once the export expired', async ({
    client,
    assert,
  }) => {
    const { id, token } = await finishedExport(client)
    await db
      .from('deck_exports')
      .where('id', id)
      .update({ expires_at: DateTime.now().minus({ seconds: 1 }).toJSDate() })
    const shown = await client.get(`/api/deck_exports/${id}`).bearerToken(token)
    shown.assertStatus(200)
    assert.containsSubset(shown.body(), {
      status: 'done',
      downloadUrl: null,
      file: null,
      expired: true,
    })
  })
})
