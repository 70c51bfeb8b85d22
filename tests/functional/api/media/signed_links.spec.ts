import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import { appUrl } from '#config/app'
import { signedMediaUrl } from '#services/media/media_links'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { basicNote, createDeck, pngBytes, signIn, wavBytes } from '#tests/support/content'
import { publishDeck, seedCategories } from '#tests/support/library'

/*
 * Every media URL the API hands out works by itself, as a WebView that shows
 * a card loads it: no cookie, no Authorization header (plain fetch). It is
 * absolute, signed for its grantee and expiring; anyone else's copy, an
 * altered one, an expired one, or one whose learner lost the deck is refused.
 */

const KEY = /\/media\/([0-9a-f-]{36}\.[a-z0-9]+)\?sig=/
const SIGNED = new RegExp(
  `^${appUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/media/[0-9a-f-]{36}\\.[a-z0-9]+\\?sig=\\d+\\.(u\\d+|p)\\.[\\w-]{43}$`
)
const DAY = 86_400

async function upload(client: any, token: string, deckId: number, bytes: Buffer, name: string) {
  const response = await client
    .post('/api/card_attachments')
    .bearerToken(token)
    .field('deck_id', String(deckId))
    .file('file', bytes, { filename: name })
  response.assertStatus(200)
  return response.body() as { id: number; url: string }
}

/** A GET with nothing but the URL, as an <img> or <audio> of a WebView makes it. */
async function bare(url: string) {
  const response = await fetch(url)
  const bytes = Buffer.from(await response.arrayBuffer())
  return { response, bytes, json: () => JSON.parse(bytes.toString('utf8')) }
}

const srcOf = (html: string) => /<(?:img|audio|source)\b[^>]*\ssrc="([^"]+)"/i.exec(html)?.[1]

async function refused(assert: any, url: string, status: number, code: string) {
  const { response, json } = await bare(url)
  assert.equal(response.status, status, url)
  assertErrorBody(assert, json(), code)
}

test.group('API media links work in a WebView', (group) => {
  group.each.setup(() => resetState())

  test('an attachment and the card HTML that shows it load with no header, and cache no longer than valid', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Anatomy' })
    const png = pngBytes()
    const attachment = await upload(client, token, deck.id, png, 'heart.png')
    assert.match(attachment.url, SIGNED)
    const direct = await bare(attachment.url)
    assert.equal(direct.response.status, 200)
    assert.isTrue(direct.bytes.equals(png))
    assert.equal(direct.response.headers.get('content-type'), 'image/png')
    const cache = direct.response.headers.get('cache-control') ?? ''
    assert.match(cache, /^private, max-age=\d+$/)
    const maxAge = Number(/max-age=(\d+)/.exec(cache)![1])
    assert.isAtLeast(maxAge, 7 * DAY - 5)
    assert.isAtMost(maxAge, 8 * DAY)

    /* the client puts the URL it was given into the note; the note keeps the file's own path */
    const note = await basicNote(client, token, deck.id, `<img src="${attachment.url}">`, 'heart')
    const key = KEY.exec(attachment.url)![1]
    const stored = await db.from('notes').where('id', note.id).first()
    assert.equal(stored.fields.Front, `<img src="/media/${key}" />`)

    const shown = await client.get(`/api/notes/${note.id}`).bearerToken(token)
    shown.assertStatus(200)
    for (const html of [
      shown.body().front.rawHtml,
      shown.body().fields[Object.keys(shown.body().fields)[0]],
    ]) {
      const src = srcOf(html)!
      assert.match(src, SIGNED)
      const served = await bare(src)
      assert.equal(served.response.status, 200)
      assert.isTrue(served.bytes.equals(png))
    }
    const cards = await client.get('/api/notes/cards').bearerToken(token).qs({ deck_id: deck.id })
    cards.assertStatus(200)
    const front = JSON.stringify(cards.body())
    const src = /src=\\"([^"\\]+)\\"/.exec(front)![1]
    assert.match(src, SIGNED)
    assert.equal((await bare(src)).response.status, 200)
  })

  test('a text-to-speech URL plays with no header', async ({ client, assert }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Vocabulario' })
    const note = await basicNote(client, token, deck.id, 'hola', 'hello')
    const wav = wavBytes()
    const audio = await upload(client, token, deck.id, wav, 'hola.wav')
    const now = new Date()
    await db.table('note_speech').insert({
      note_id: note.id,
      side: 'front',
      string_index: 0,
      text: 'hola',
      language: 'es',
      state: 'generated',
      media_id: audio.id,
      created_at: now,
      updated_at: now,
    })
    const shown = await client.get(`/api/notes/${note.id}`).bearerToken(token)
    shown.assertStatus(200)
    const file = shown.body().textToSpeechMap.front[0].audio_file
    assert.match(file, SIGNED)
    assert.equal(shown.body().front.tts, file)
    const served = await bare(file)
    assert.equal(served.response.status, 200)
    assert.match(served.response.headers.get('content-type') ?? '', /^audio\//)
    assert.isTrue(served.bytes.equals(wav))
  })

  test('an avatar URL is absolute and loads with no header', async ({ client, assert }) => {
    const { token, user } = await signIn()
    const png = pngBytes()
    const response = await client
      .put(`/api/users/${user.id}`)
      .bearerToken(token)
      .file('avatar', png, { filename: 'me.png' })
    response.assertStatus(200)
    assert.match(response.body().avatarUrl, new RegExp(`^${appUrl}/avatars/${user.id}\\?v=\\d+$`))
    const me = await client.get('/api/users/me').bearerToken(token)
    assert.equal(me.body().avatarUrl, response.body().avatarUrl)
    const served = await bare(response.body().avatarUrl)
    assert.equal(served.response.status, 200)
    assert.isTrue(served.bytes.equals(png))
  })

  test("a library deck's preview shows its pictures to a reader who is not signed in, while it is published", async ({
    client,
    assert,
  }) => {
    await seedCategories()
    const author = await signIn()
    const own = await createDeck(client, author.token, { name: 'Hearts' })
    const png = pngBytes()
    const picture = await upload(client, author.token, own.id, png, 'heart.png')
    const key = KEY.exec(picture.url)![1]
    const published = await publishDeck(author.user, {
      name: 'Hearts',
      notes: [{ front: `<img src="/media/${key}">`, back: 'heart' }],
    })
    const page = await client.get(`/api/library_decks/${published.id}/notes`)
    page.assertStatus(200)
    const src = srcOf(page.body().notes[0].front.html)!
    assert.match(src, SIGNED)
    const served = await bare(src)
    assert.equal(served.response.status, 200)
    assert.isTrue(served.bytes.equals(png))

    /* a signed-in reader gets a link of their own, which serves the library's file too */
    const reader = await signIn()
    const theirs = await client
      .get(`/api/library_decks/${published.id}/notes`)
      .bearerToken(reader.token)
    const readerSrc = srcOf(theirs.body().notes[0].front.html)!
    assert.include(readerSrc, `.u${reader.user.id}.`)
    assert.equal((await bare(readerSrc)).response.status, 200)

    /* withdrawn from the library, the same links serve nothing */
    await db.from('public_decks').where('id', published.id).update({ unpublished_at: new Date() })
    await refused(assert, src, 404, 'E_NOT_FOUND')
    await refused(assert, readerSrc, 404, 'E_NOT_FOUND')
  })

  test('an altered, foreign, expired or unsigned link is refused in the catalogue format', async ({
    client,
    assert,
  }) => {
    const owner = await signIn()
    const stranger = await signIn()
    const deck = await createDeck(client, owner.token, { name: 'Private' })
    const mine = await upload(client, owner.token, deck.id, pngBytes(), 'secret.png')
    const theirsDeck = await createDeck(client, stranger.token, { name: 'Theirs' })
    const theirs = await upload(client, stranger.token, theirsDeck.id, pngBytes(), 'theirs.png')
    const key = KEY.exec(mine.url)![1]
    const otherKey = KEY.exec(theirs.url)![1]
    assert.equal((await bare(mine.url)).response.status, 200)

    /* the stranger puts their own id, or another expiry, into the owner's link */
    const [expires, , mac] = new URL(mine.url).searchParams.get('sig')!.split('.')
    const base = `${appUrl}/media/${key}?sig=`
    await refused(
      assert,
      `${base}${expires}.u${stranger.user.id}.${mac}`,
      403,
      'E_MEDIA_LINK_INVALID'
    )
    await refused(
      assert,
      `${base}${Number(expires) + DAY}.u${owner.user.id}.${mac}`,
      403,
      'E_MEDIA_LINK_INVALID'
    )
    await refused(assert, `${base}${expires}.p.${mac}`, 403, 'E_MEDIA_LINK_INVALID')
    /* the owner's signature on another file */
    await refused(assert, mine.url.replace(key, otherKey), 403, 'E_MEDIA_LINK_INVALID')
    await refused(assert, `${base}garbage`, 403, 'E_MEDIA_LINK_INVALID')
    /* the stranger's own valid link names them: it does not serve the owner's file */
    await refused(assert, signedMediaUrl(key, { id: stranger.user.id }), 404, 'E_NOT_FOUND')
    /* without a signature, without a header: as before, nothing (the not-found page) */
    assert.equal((await bare(`${appUrl}/media/${key}`)).response.status, 404)

    /* a link signed more than 8 days ago has expired */
    const old = signedMediaUrl(key, { id: owner.user.id }, Date.now() - 9 * DAY * 1000)
    await refused(assert, old, 403, 'E_MEDIA_LINK_EXPIRED')
    assert.equal((await bare(signedMediaUrl(key, { id: owner.user.id }))).response.status, 200)
  })

  test('a participant removed from a shared deck can no longer load its media with the links they were given', async ({
    client,
    assert,
  }) => {
    const owner = await signIn()
    const participant = await signIn()
    const deck = await createDeck(client, owner.token, { name: 'Shared' })
    const png = pngBytes()
    const picture = await upload(client, owner.token, deck.id, png, 'shared.png')
    const note = await basicNote(
      client,
      owner.token,
      deck.id,
      `<img src="${picture.url}">`,
      'shared'
    )
    const now = new Date()
    await db.table('deck_collaborators').insert({
      deck_id: deck.id,
      user_id: participant.user.id,
      role: 'viewer',
      state: 'active',
      created_at: now,
      updated_at: now,
    })
    const shown = await client.get(`/api/notes/${note.id}`).bearerToken(participant.token)
    shown.assertStatus(200)
    const src = srcOf(shown.body().front.rawHtml)!
    assert.include(src, `.u${participant.user.id}.`)
    const served = await bare(src)
    assert.equal(served.response.status, 200)
    assert.isTrue(served.bytes.equals(png))

    await db.from('deck_collaborators').where('deck_id', deck.id).update({ state: 'deleted' })
    await refused(assert, src, 404, 'E_NOT_FOUND')
    /* the owner's own link still works */
    const ownerView = await client.get(`/api/notes/${note.id}`).bearerToken(owner.token)
    assert.equal((await bare(srcOf(ownerView.body().front.rawHtml)!)).response.status, 200)
    assert.isTrue(await drive.use().exists(`media/${KEY.exec(src)![1]}`))
  })
})
