import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import env from '#start/env'
import { tokenFor } from '#tests/support/helpers'
import { RemoteImageHost } from '#tests/support/remote_image_host'
import { signedIn } from '#tests/support/web_session'
import { importFile } from '#tests/functional/api/imports/support'
import { createDeck, createNote, signIn, templateIds } from '#tests/support/content'

/*
 * Issue 27: a note's <img src="http://tracker…"> made every viewer's browser
 * call that host. Now the server fetches it once, when the note is saved (or
 * imported), stores it as the deck's media, and the note names the copy.
 * "Another host" is a server on 127.0.0.2 (tests reach the loopback range
 * only; .env.test allows nothing else: REMOTE_IMAGE_ADDRESSES=loopback).
 */

const host = new RemoteImageHost()
const LOCAL = /^\/media\/[0-9a-f-]{36}\.png$/

/** The src of every <img> of a stored field. */
const sources = (html: string) =>
  [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((match) => match[1])

async function storedFields(noteId: number) {
  return (await db.from('notes').where('id', noteId).firstOrFail()).fields as Record<string, string>
}

test.group('Remote images in notes are stored on save', (group) => {
  host.serveFor(group)

  test('POST notes: the image is fetched once by the server, stored as media, and the note names the copy', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Anatomy' })
    const { basic } = await templateIds(client, token)
    const tracker = `${host.base}/track.png?who=viewer`
    const note = await createNote(client, token, {
      deck_id: deck.id,
      template_id: basic,
      fields: {
        Front: `<p>Heart <img src="${tracker}" alt="heart"></p>`,
        Back: `<img src="${tracker}">`,
      },
    })
    assert.equal(host.count('/track.png'), 1)
    const fields = await storedFields(note.id)
    const [front, back] = [sources(fields.Front), sources(fields.Back)]
    assert.match(front[0], LOCAL)
    assert.deepEqual(back, front)
    assert.notInclude(JSON.stringify(fields), '127.0.0.2')
    const media = await db.from('media').where('user_id', user.id)
    assert.lengthOf(media, 1)
    assert.deepInclude(media[0], {
      kind: 'image',
      mime: 'image/png',
      deck_id: deck.id,
      original_name: 'track.png',
    })
    assert.isTrue(await drive.use().exists(`media/${media[0].key}`))
    /* what the apps get: the local copy, served by the product */
    const shown = await client.get(`/api/notes/${note.id}`).bearerToken(token)
    assert.notInclude(shown.text(), '127.0.0.2')
    const served = await client.get(front[0]).bearerToken(token)
    served.assertStatus(200)
    assert.equal(host.count('/track.png'), 1)
  })

  test('what cannot be stored becomes its alt text: not an image, too big, a redirect inside, a dead host', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Anatomy' })
    const { basic } = await templateIds(client, token)
    const html = [
      `<img src="${host.base}/page.png" alt="page">`,
      `<img src="${host.base}/big.png" alt="big">`,
      `<img src="${host.base}/inside.png" alt="inside">`,
      `<img src="http://127.0.0.2:1/x.png" alt="dead">`,
      `<img src="https://images.example/heart.png" alt="named">`,
      `<img src="${host.base}/away.png" alt="away">`,
    ].join(' ')
    const note = await createNote(client, token, {
      deck_id: deck.id,
      template_id: basic,
      fields: { Front: html, Back: 'b' },
    })
    const fields = await storedFields(note.id)
    assert.equal(
      fields.Front,
      '<span>page</span> <span>big</span> <span>inside</span> <span>dead</span> <span>named</span> <span>away</span>'
    )
    assert.lengthOf(await db.from('media').where('user_id', user.id), 0)
    assert.deepEqual(host.hits.sort(), ['/away.png', '/big.png', '/inside.png', '/page.png'])
  })

  test('a redirect on the same host is followed; the web editor and bulk_create store too', async ({
    client,
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const token = await tokenFor(user)
    const deck = await createDeck(client, token, { name: 'Words' })
    const basic = (
      await db.from('note_types').whereNull('user_id').where('kind', 'basic').firstOrFail()
    ).id
    await web.get(`/decks/${deck.id}`)
    const saved = await web.post(`/decks/${deck.id}/notes`, {
      template_id: basic,
      fields: { Front: `<img src="${host.base}/hop.png">`, Back: 'b' },
    })
    assert.isBelow(saved.status, 400, saved.text)
    const viaWeb = await db.from('notes').where('deck_id', deck.id).firstOrFail()
    assert.match(sources(viaWeb.fields.Front)[0], LOCAL)
    assert.equal(host.count('/hop.png'), 1)
    assert.equal(host.count('/track.png'), 1)

    const bulk = await client
      .post('/api/notes/bulk_create')
      .bearerToken(token)
      .json({
        deck_id: deck.id,
        import_data: [{ front: `<img src="${host.base}/track.png?row=1">`, back: 'one' }],
      })
    assert.isBelow(bulk.status(), 300, bulk.text())
    const rows = await db.from('notes').where('deck_id', deck.id).orderBy('id')
    assert.match(sources(rows[1].fields.Front)[0], LOCAL)
    assert.equal(host.count('/track.png'), 2)
  })

  test('an import stores the remote images of its notes', async ({ client, assert }) => {
    const { token } = await signIn()
    const done = await importFile(
      client,
      token,
      Buffer.from(`#html:true\n<img src="${host.base}/track.png?csv=1">\tpicture\n`),
      'words.tsv'
    )
    assert.equal(done.status, 'done', JSON.stringify(done))
    const note = await db.from('notes').orderBy('id', 'desc').firstOrFail()
    assert.match(sources(note.fields.Front)[0], LOCAL)
    assert.equal(host.count('/track.png'), 1)
  })

  test('by default (public addresses only) a loopback or private host is never fetched', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Anatomy' })
    const { basic } = await templateIds(client, token)
    env.set('REMOTE_IMAGE_ADDRESSES', 'public')
    try {
      const note = await createNote(client, token, {
        deck_id: deck.id,
        template_id: basic,
        fields: { Front: `<img src="${host.base}/track.png" alt="inside">`, Back: 'b' },
      })
      assert.equal((await storedFields(note.id)).Front, '<span>inside</span>')
    } finally {
      env.set('REMOTE_IMAGE_ADDRESSES', 'loopback')
    }
    assert.deepEqual(host.hits, [])
  })
})
