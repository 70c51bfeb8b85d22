import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { basicNote, createDeck, getDeck, pngBytes, signIn } from '#tests/support/content'
import { resolveAlgorithm } from '#scheduling/presets'
import { answer, start } from '#tests/functional/api/learning/support'
import { setCollaboration, share } from '#tests/functional/api/participants/support'
import { signedIn, pageCall as call } from '#tests/support/web_session'
import { createDeck as createDeckAction } from '#actions/decks/create_deck'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'

/*
 * Offline decks (issue 34, docs/api.md "Offline decks"): a root deck with
 * offline mode on is downloaded whole, a page at a time, through the apps'
 * door (bearer) and the web's (session); media links work with no header.
 */

async function upload(client: any, token: string, deckId: number) {
  const response = await client
    .post('/api/card_attachments')
    .bearerToken(token)
    .field('deck_id', String(deckId))
    .file('file', pngBytes(), { filename: 'heart.png' })
  response.assertStatus(200)
  return response.body() as { url: string }
}

const setOffline = (client: any, token: string, deckId: number, on: boolean) =>
  client
    .put(`/api/decks/${deckId}`)
    .bearerToken(token)
    .json({ deck: { offline_mode_enabled: on } })

/** A learner's tree: a root deck with a subdeck, three notes (one showing a picture), offline mode on. */
async function offlineTree(client: any) {
  const session = await signIn()
  const deck = await createDeck(client, session.token, { name: 'Anatomy' })
  const sub = await createDeck(client, session.token, { name: 'Heart', parent_id: deck.id })
  const picture = await upload(client, session.token, deck.id)
  const key = /\/media\/([0-9a-f-]{36}\.png)/.exec(picture.url)![1]
  await basicNote(client, session.token, deck.id, 'Bones?', '206')
  await basicNote(client, session.token, sub.id, `<img src="${picture.url}">`, 'The heart')
  await basicNote(client, session.token, sub.id, 'Chambers?', 'Four')
  ;(await setOffline(client, session.token, deck.id, true)).assertStatus(200)
  return { ...session, deck, sub, key }
}

const download = (client: any, token: string, deckId: number, qs: Record<string, number> = {}) =>
  client.get(`/api/decks/${deckId}/offline`).bearerToken(token).qs(qs)

test.group('API: offline decks', (group) => {
  group.each.setup(() => resetState())

  test('a root deck downloads whole, a page at a time, with what the scheduler needs', async ({
    client,
    assert,
  }) => {
    const tree = await offlineTree(client)
    const first = await download(client, tree.token, tree.deck.id, { per_page: 2 })
    first.assertStatus(200)
    const second = await download(client, tree.token, tree.deck.id, { page: 2, per_page: 2 })
    second.assertStatus(200)
    const page1 = first.body()
    const page2 = second.body()
    assert.deepEqual(page1.page, { number: 1, perPage: 2, pages: 2, hasMore: true })
    assert.deepEqual(page2.page, { number: 2, perPage: 2, pages: 2, hasMore: false })
    assert.equal(page1.revision, page2.revision)
    const cards = [...page1.cards, ...page2.cards]
    const ids = (
      await db.from('cards').whereIn('deck_id', [tree.deck.id, tree.sub.id]).orderBy('id')
    ).map((row) => row.id)
    assert.deepEqual(
      cards.map((card: any) => card.id),
      ids
    )
    assert.deepEqual(
      page1.decks.map((deck: any) => [deck.id, deck.parentId]),
      [
        [tree.deck.id, null],
        [tree.sub.id, tree.deck.id],
      ]
    )
    assert.include(cards[0].front, 'Bones?')
    assert.include(cards[0].back, '206')
    assert.deepEqual(cards[0].progress, {
      state: 'new',
      dueAt: null,
      intervalDays: 0,
      ease: 0,
      step: 0,
      reps: 0,
      lapses: 0,
      stability: null,
      difficulty: null,
      lastReviewedAt: null,
    })
    assert.include(cards[1], { deckId: tree.sub.id, isFrozen: false, isSuspended: false, flag: 0 })
    assert.deepEqual(page1.settings.algorithm, { ...resolveAlgorithm('general', {}) })
    assert.deepEqual(page1.settings.buryMode, {
      buryNew: false,
      buryReviews: false,
      buryInterdayLearning: false,
    })
    assert.include(page1.learner, {
      rolloverHour: 4,
      activeDayCards: 5,
      treeCardsToday: 0,
      cardsStudiedToday: 0,
    })
    assert.deepEqual(page1.learner.planLimit, { kind: 'daily', limit: 100, used: 0 })
    assert.include(page1.totals, { cards: 3, available: 3, media: 1 })
    assert.equal(page1.totals.mediaBytes, pngBytes().length)

    /* the picture is listed with the page that shows it, signed, and loads with no header */
    assert.lengthOf(page1.media, 1)
    assert.lengthOf(page2.media, 0)
    const [file] = page1.media
    assert.include(file, { key: tree.key, mime: 'image/png', bytes: pngBytes().length })
    assert.match(file.url, /^http.+\/media\/[0-9a-f-]{36}\.png\?sig=/)
    assert.include(cards[1].front, file.url)
    const bare = await fetch(file.url)
    assert.equal(bare.status, 200)
    assert.isTrue(Buffer.from(await bare.arrayBuffer()).equals(pngBytes()))

    /* the deck's offlineAvailableCount counts the tree's cards in study; a subdeck its own */
    assert.equal((await getDeck(client, tree.token, tree.deck.id)).offlineAvailableCount, 3)
    assert.equal((await getDeck(client, tree.token, tree.sub.id)).offlineAvailableCount, 2)
    ;(await setOffline(client, tree.token, tree.deck.id, false)).assertStatus(200)
    assert.equal((await getDeck(client, tree.token, tree.deck.id)).offlineAvailableCount, 0)
  })

  test('the revision moves with a note edited, added or deleted, not with an answer', async ({
    client,
    assert,
  }) => {
    const tree = await offlineTree(client)
    const revision = async () =>
      (await download(client, tree.token, tree.deck.id, { per_page: 1 })).body().revision
    const before = await revision()
    const session = await start(client, tree, tree.deck.id)
    await answer(client, tree, tree.deck.id, session.card, 'good')
    assert.equal(await revision(), before)

    const card = await db.from('cards').where('deck_id', tree.deck.id).first()
    const edited = await client
      .put(`/api/cards/${card.id}`)
      .bearerToken(tree.token)
      .json({ deck_id: tree.deck.id, fields: { Front: 'How many bones?', Back: '206' } })
    edited.assertStatus(200)
    const afterEdit = await revision()
    assert.notEqual(afterEdit, before)

    const added = await basicNote(client, tree.token, tree.sub.id, 'Valves?', 'Four')
    const afterAdd = await revision()
    assert.notEqual(afterAdd, afterEdit)
    ;(
      await client
        .delete('/api/notes/bulk_destroy')
        .bearerToken(tree.token)
        .json({ deck_id: tree.sub.id, ids: [added.id] })
    ).assertStatus(200)
    assert.notEqual(await revision(), afterAdd)
  })

  test('refused: a subdeck, offline mode off, an archived deck, a stranger, a deck no longer shared', async ({
    client,
    assert,
  }) => {
    const tree = await offlineTree(client)
    const sub = await download(client, tree.token, tree.sub.id)
    sub.assertStatus(422)
    assertErrorBody(assert, sub.body(), 'E_OFFLINE_SUBDECK')

    const stranger = await signIn()
    const refused = await download(client, stranger.token, tree.deck.id)
    refused.assertStatus(404)
    assertErrorBody(assert, refused.body(), 'E_NOT_FOUND')

    /* a participant downloads the owner's tree while it is shared with them, and not after */
    await share(tree.deck, stranger.user)
    ;(await download(client, stranger.token, tree.deck.id)).assertStatus(200)
    await setCollaboration(tree.deck, stranger.user, 'disabled')
    const unshared = await download(client, stranger.token, tree.deck.id)
    unshared.assertStatus(410)
    assertErrorBody(assert, unshared.body(), 'E_DECK_UNAVAILABLE')

    ;(await client.post(`/api/decks/${tree.deck.id}/archive`).bearerToken(tree.token)).assertStatus(
      200
    )
    const archived = await download(client, tree.token, tree.deck.id)
    archived.assertStatus(409)
    assertErrorBody(assert, archived.body(), 'E_DECK_ARCHIVED')
    ;(await client.post(`/api/decks/${tree.deck.id}/restore`).bearerToken(tree.token)).assertStatus(
      200
    )

    ;(await setOffline(client, tree.token, tree.deck.id, false)).assertStatus(200)
    const off = await download(client, tree.token, tree.deck.id)
    off.assertStatus(409)
    assertErrorBody(assert, off.body(), 'E_OFFLINE_MODE_OFF')

    const bad = await download(client, tree.token, tree.deck.id, { per_page: 0 })
    bad.assertStatus(422)
  })

  test('offline mode is turned on for a main deck only, through both update doors', async ({
    client,
    assert,
  }) => {
    const tree = await offlineTree(client)
    const api = await setOffline(client, tree.token, tree.sub.id, true)
    api.assertStatus(422)
    assertErrorBody(assert, api.body(), 'E_OFFLINE_SUBDECK')
    /* a main deck moved under another becomes a subdeck: its offline mode goes */
    const other = await createDeck(client, tree.token, { name: 'Biology' })
    const moved = await client
      .post('/api/decks/move_deck')
      .bearerToken(tree.token)
      .json({ deck_id: tree.deck.id, parent_deck_id: other.id })
    moved.assertStatus(200)
    assert.isFalse((await db.from('decks').where('id', tree.deck.id).first()).offline_mode_enabled)

    const { user, web } = await signedIn('web-offline@example.test')
    const root = await createDeckAction(user, { name: 'Web root' })
    const child = await createDeckAction(user, { name: 'Web child', parent_id: root.id })
    const refused = await call(web, 'PUT', `/decks/${child.id}`, {
      deck: { offline_mode_enabled: true },
    })
    assert.equal(refused.status, 422)
    assertErrorBody(assert, refused.body, 'E_OFFLINE_SUBDECK')
    const accepted = await call(web, 'PUT', `/decks/${root.id}`, {
      deck: { offline_mode_enabled: true },
    })
    assert.oneOf(accepted.status, [200, 302, 303])
    const rows = await db.from('decks').whereIn('id', [root.id, child.id]).orderBy('id')
    assert.deepEqual(
      rows.map((row) => row.offline_mode_enabled),
      [true, false]
    )
  })
})

test.group('Web: offline decks', (group) => {
  group.each.setup(() => resetState())

  test('the session downloads the tree as JSON, media by the session; a stranger gets a 404', async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    const deck = await createDeckAction(user, { name: 'Biology' })
    await bulkCreateNotes(user, {
      deck_id: deck.id,
      import_data: [
        { front: 'Cell?', back: 'Unit of life' },
        { front: 'DNA?', back: 'Code' },
      ],
    })
    const off = await call(web, 'GET', `/decks/${deck.id}/offline`)
    assert.equal(off.status, 409)
    assertErrorBody(assert, off.body, 'E_OFFLINE_MODE_OFF')
    await db.from('decks').where('id', deck.id).update({ offline_mode_enabled: true })

    const page = await call(web, 'GET', `/decks/${deck.id}/offline?per_page=1&page=2`)
    assert.equal(page.status, 200)
    assert.deepEqual(page.body.page, { number: 2, perPage: 1, pages: 2, hasMore: false })
    assert.lengthOf(page.body.cards, 1)
    assert.include(page.body.cards[0].front, 'DNA?')
    assert.equal(page.body.totals.cards, 2)

    const other = await signedIn('bo@example.test')
    const stranger = await call(other.web, 'GET', `/decks/${deck.id}/offline`)
    assert.equal(stranger.status, 404)
  })
})
