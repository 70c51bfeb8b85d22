import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { assertErrorBody, resetState, tokenFor } from '#tests/support/helpers'
import { signedIn } from '#tests/support/web_session'
import { MAX_DECK_DEPTH } from '#actions/decks/deck_depth'
import { createDeck, signIn, type Session } from '#tests/support/content'
import { join, share } from '../sharing/support.js'

/*
 * A deck tree costs what its decks cost, not the square of its depth: every
 * answer carries each deck once (a list flat, with children empty and the
 * tree in `hierarchy`; one deck's answer nests its subdecks once), and no
 * tree goes below level 20 (a main deck is level 1). The chains are built
 * here, through the API, never stored.
 */

/** A chain of `depth` decks, each the only subdeck of the one before: their ids, the main deck first. */
async function chain(client: ApiClient, session: Session, depth: number, name = 'Level') {
  const ids: number[] = [(await createDeck(client, session.token, { name: `${name} 1` })).id]
  for (let level = 2; level <= depth; level++)
    ids.push(
      (
        await createDeck(client, session.token, {
          name: `${name} ${level}`,
          parent_id: ids.at(-1)!,
        })
      ).id
    )
  return ids
}

/** The ids of every Deck entity in an answer, wherever it sits (a Deck is what carries `templatesIds`). */
function deckIdsIn(body: unknown): number[] {
  const ids: number[] = []
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk)
    if (value === null || typeof value !== 'object') return
    if ('templatesIds' in value && 'id' in value) ids.push((value as { id: number }).id)
    Object.values(value).forEach(walk)
  }
  walk(body)
  return ids
}

/** The answer's size, and that it carries each of `ids` exactly once. */
function onceEach(assert: any, body: unknown, text: string, ids: number[], label: string) {
  const seen = deckIdsIn(body)
  assert.sameMembers(
    seen,
    ids,
    `${label}: every deck, each once (${seen.length} Decks for ${ids.length} decks)`
  )
  return Buffer.byteLength(text)
}

/** Twice the decks, about twice the bytes: a growth with the square of the depth gives about 4. */
function assertLinear(assert: any, small: number, large: number, label: string) {
  const ratio = large / small
  assert.isBelow(
    ratio,
    2.5,
    `${label}: ${small} bytes for 10 levels, ${large} for 20 (×${ratio.toFixed(2)})`
  )
}

test.group('API decks: a deep tree answers in size linear in its decks', (group) => {
  group.each.setup(() => resetState())

  test('GET decks lists each deck of a 10- and a 20-level chain once, the 20 in about twice the bytes', async ({
    client,
    assert,
  }) => {
    const sizes: number[] = []
    for (const depth of [10, 20]) {
      const session = await signIn()
      const ids = await chain(client, session, depth)
      const list = await client.get('/api/decks').bearerToken(session.token)
      list.assertStatus(200)
      sizes.push(onceEach(assert, list.body(), list.text(), ids, `GET decks, ${depth} levels`))
      assert.deepEqual(
        list.body().decks.map((deck: any) => deck.id),
        ids,
        'flat, in order'
      )
      assert.isTrue(
        list.body().decks.every((deck: any) => deck.children.length === 0),
        'a list nests nothing'
      )
      /* the tree is the hierarchy, which a client rebuilds the nesting from (and each deck's parentId) */
      let node = list.body().hierarchy[0]
      for (const [index, id] of ids.entries()) {
        assert.equal(node.id, id)
        assert.equal(list.body().decks[index].parentId, index ? ids[index - 1] : null)
        node = node.children[0]
      }
      const shown = await client.get(`/api/decks/${ids[0]}`).bearerToken(session.token)
      onceEach(assert, shown.body(), shown.text(), ids, `GET decks/{id}, ${depth} levels`)
      const archived = await client.post(`/api/decks/${ids[0]}/archive`).bearerToken(session.token)
      onceEach(assert, archived.body(), archived.text(), ids, `archive, ${depth} levels`)
      const archivedList = await client.get('/api/decks/archived').bearerToken(session.token)
      onceEach(
        assert,
        archivedList.body(),
        archivedList.text(),
        ids,
        `GET decks/archived, ${depth} levels`
      )
    }
    assertLinear(assert, sizes[0], sizes[1], 'GET decks')
  })

  test('a viewer who joins a 10- and a 20-level shared tree gets each deck once, in about twice the bytes', async ({
    client,
    assert,
  }) => {
    const joined: number[] = []
    const listed: number[] = []
    for (const depth of [10, 20]) {
      const owner = await signIn()
      const ids = await chain(client, owner, depth, 'Shared')
      const { sharingToken } = await share(client, owner, ids[0])
      const viewer = await signIn()
      const answer = await join(client, viewer, sharingToken)
      answer.assertStatus(201)
      joined.push(onceEach(assert, answer.body(), answer.text(), ids, `join, ${depth} levels`))
      const list = await client.get('/api/decks').bearerToken(viewer.token)
      listed.push(
        onceEach(assert, list.body(), list.text(), ids, `the viewer's GET decks, ${depth} levels`)
      )
    }
    assertLinear(assert, joined[0], joined[1], 'the join answer')
    assertLinear(assert, listed[0], listed[1], "the viewer's GET decks")
  })
})

test.group('Decks: at most 20 levels deep', (group) => {
  group.each.setup(() => resetState())

  test('level 20 is made, level 21 is a 422 E_DECK_TOO_DEEP through the API (create, move, duplicate)', async ({
    client,
    assert,
  }) => {
    assert.equal(MAX_DECK_DEPTH, 20)
    const session = await signIn()
    const ids = await chain(client, session, 20)

    const deeper = await client
      .post('/api/decks')
      .bearerToken(session.token)
      .json({ deck: { name: 'Level 21', parent_id: ids[19] } })
    deeper.assertStatus(422)
    assertErrorBody(assert, deeper.body(), 'E_DECK_TOO_DEEP')
    assert.equal(deeper.body().title, 'A deck cannot go this deep')
    assert.include(deeper.body().body, '20 levels')
    assert.deepEqual(deeper.body().errors, [
      { field: 'deck.parent_id', rule: 'E_DECK_TOO_DEEP', message: 'A deck cannot go this deep' },
    ])
    const german = await client
      .post('/api/decks')
      .bearerToken(session.token)
      .header('Accept-Language', 'de')
      .json({ deck: { name: 'Ebene 21', parent_id: ids[19] } })
    assert.equal(german.body().title, 'So tief kann ein Deck nicht liegen')

    /* a deck moves with its subtree: a two-level tree fits under level 18, not under level 19 */
    const pair = await chain(client, session, 2, 'Pair')
    const moved = await client
      .post('/api/decks/move_deck')
      .bearerToken(session.token)
      .qs({ deck_id: pair[0], parent_deck_id: ids[18] })
    moved.assertStatus(422)
    assertErrorBody(assert, moved.body(), 'E_DECK_TOO_DEEP')
    assert.equal(moved.body().errors[0].field, 'parent_deck_id')
    const fits = await client
      .post('/api/decks/move_deck')
      .bearerToken(session.token)
      .qs({ deck_id: pair[0], parent_deck_id: ids[17] })
    fits.assertStatus(200)

    /* a copy into a deck is held to the same rule (the pair now spans levels 19 and 20) */
    const copied = await client
      .post(`/api/decks/${pair[0]}/duplicate`)
      .bearerToken(session.token)
      .qs({ destination_id: ids[18] })
    copied.assertStatus(422)
    assertErrorBody(assert, copied.body(), 'E_DECK_TOO_DEEP')
    assert.equal(copied.body().errors[0].field, 'destination_id')

    const list = await client.get('/api/decks').bearerToken(session.token)
    assert.lengthOf(list.body().decks, 22, 'nothing was made or moved by the refusals')
  })

  test('the web door refuses level 21 with the same message', async ({ client, assert }) => {
    const { user, web } = await signedIn('deep@example.test')
    const ids = await chain(client, { user, token: await tokenFor(user) }, 20)
    await web.get('/')
    await web.post('/decks', { deck: { name: 'Level 21', parent_id: ids[19] } })
    const home = await web.visit('/')
    assert.equal(home.props.flash.error, 'A deck cannot go this deep')
    const list = await client.get('/api/decks').bearerToken(await tokenFor(user))
    assert.lengthOf(list.body().decks, 20)
  })
})
