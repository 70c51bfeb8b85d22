import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { createFolder, signIn } from '#tests/support/content'

/*
 * The spec's Deck: "children (nested subdecks)". Every Deck an answer about
 * one deck carries nests its subdecks as whole Decks, each with its own
 * children, each deck once; a list (GET decks) gives every deck once, flat,
 * with children empty, and the tree in `hierarchy` (docs/api.md: The deck tree).
 * Bodies as the spec's call table writes them: POST decks
 * {deck:{name,parent_id,folder_id,source}}.
 */

async function postDeck(
  client: ApiClient,
  token: string,
  name: string,
  parentId: number | null,
  folderId: number | null = null
) {
  const response = await client
    .post('/api/decks')
    .bearerToken(token)
    .json({ deck: { name, parent_id: parentId, folder_id: folderId, source: 'manually' } })
  response.assertStatus(201)
  return response.body()
}

/** A nested Deck is the very entity the list gives for that id, its subdecks those listed under it, nested again. */
function assertNestedLikeList(
  assert: any,
  deck: any,
  listed: Map<number, any>,
  path = `deck ${deck.id}`
) {
  const flat = listed.get(deck.id)
  assert.exists(flat, `${path} is in the list`)
  const { children, ...fields } = deck
  const { children: flatChildren, ...flatFields } = flat
  assert.deepEqual(flatChildren, [], `${path}: a list nests nothing`)
  assert.deepEqual(fields, flatFields, `${path}: every field of the Deck`)
  const under = [...listed.values()]
    .filter((other) => other.parentId === deck.id)
    .map((other) => other.id)
  assert.deepEqual(
    children.map((child: any) => child.id),
    under,
    `${path}: its subdecks`
  )
  for (const child of children) assertNestedLikeList(assert, child, listed, `${path} › ${child.id}`)
}

/** SQL statements the server ran while `work` ran (reads and writes). */
async function countQueries(work: () => Promise<unknown>) {
  const clients = [db.connection().getWriteClient(), db.connection().getReadClient()]
  let count = 0
  const listener = () => count++
  for (const knex of new Set(clients)) knex.on('query', listener)
  try {
    await work()
  } finally {
    for (const knex of new Set(clients)) knex.off('query', listener)
  }
  return count
}

test.group('API decks: the nested deck tree', (group) => {
  group.each.setup(() => resetState())

  test('GET decks lists every deck once, flat, with children empty; the hierarchy is the tree', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const folder = await createFolder(client, token, { name: 'Health' })
    const root = await postDeck(client, token, 'Medicine', null, folder.id)
    const anatomy = await postDeck(client, token, 'Anatomy', root.id)
    const bones = await postDeck(client, token, 'Bones', anatomy.id)
    const drugs = await postDeck(client, token, 'Drugs', root.id)
    assert.deepEqual(bones.children, [])

    const list = await client.get('/api/decks').bearerToken(token)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().decks.map((deck: any) => deck.id),
      [root.id, anatomy.id, bones.id, drugs.id]
    )
    const listed = new Map<number, any>(list.body().decks.map((deck: any) => [deck.id, deck]))
    for (const deck of listed.values())
      assert.deepEqual(deck.children, [], `deck ${deck.id} nests nothing in a list`)
    assert.equal(listed.get(bones.id).parentId, anatomy.id)
    assert.sameMembers(
      Object.keys(listed.get(bones.id)),
      Object.keys(listed.get(root.id)),
      'a subdeck has every field of a Deck'
    )

    /* the hierarchy is the id tree it always was */
    assert.deepEqual(list.body().hierarchy, [
      {
        id: root.id,
        rootDeckId: root.id,
        children: [
          {
            id: anatomy.id,
            rootDeckId: root.id,
            children: [{ id: bones.id, rootDeckId: root.id, children: [] }],
          },
          { id: drugs.id, rootDeckId: root.id, children: [] },
        ],
      },
    ])

    /* a refetch of one deck (deck_ids) gives that deck alone; one folder gives its tree, flat */
    const one = await client
      .get('/api/decks')
      .bearerToken(token)
      .qs({ deck_ids: String(anatomy.id) })
    assert.deepEqual(
      one.body().decks.map((deck: any) => deck.id),
      [anatomy.id]
    )
    const inFolder = await client.get('/api/decks').bearerToken(token).qs({ folder_id: folder.id })
    assert.deepEqual(
      inFolder.body().decks.map((deck: any) => deck.id),
      [root.id, anatomy.id, bones.id, drugs.id]
    )
  })

  test('every call that answers one Deck nests its subdecks', async ({ client, assert }) => {
    const { token } = await signIn()
    const root = await postDeck(client, token, 'Medicine', null)
    const anatomy = await postDeck(client, token, 'Anatomy', root.id)
    const bones = await postDeck(client, token, 'Bones', anatomy.id)
    const listed = new Map<number, any>(
      (await client.get('/api/decks').bearerToken(token))
        .body()
        .decks.map((deck: any) => [deck.id, deck])
    )

    const shown = await client.get(`/api/decks/${root.id}`).bearerToken(token)
    shown.assertStatus(200)
    assertNestedLikeList(assert, shown.body(), listed)
    assert.equal(shown.body().children[0].children[0].id, bones.id)

    const sub = await client.get(`/api/decks/${anatomy.id}`).bearerToken(token)
    assert.deepEqual(
      sub.body().children.map((child: any) => child.id),
      [bones.id]
    )

    const renamed = await client
      .put(`/api/decks/${root.id}`)
      .bearerToken(token)
      .json({ deck: { name: 'Medicine II' } })
    renamed.assertStatus(200)
    assert.equal(renamed.body().name, 'Medicine II')
    assert.equal(renamed.body().children[0].children[0].id, bones.id)

    const reset = await client.post(`/api/decks/${root.id}/reset_progress`).bearerToken(token)
    reset.assertStatus(200)
    assert.equal(reset.body().children[0].id, anatomy.id)

    const archived = await client.post(`/api/decks/${root.id}/archive`).bearerToken(token)
    archived.assertStatus(200)
    assert.equal(archived.body().children[0].children[0].id, bones.id)
    const archivedList = await client.get('/api/decks/archived').bearerToken(token)
    assert.equal(
      archivedList.body().decks.find((deck: any) => deck.id === bones.id).parentId,
      anatomy.id
    )
    const restored = await client.post(`/api/decks/${root.id}/restore`).bearerToken(token)
    assert.equal(restored.body().children[0].id, anatomy.id)
  })

  test('the nesting costs no query: the same count for 2 decks as for 30 three levels deep', async ({
    client,
    assert,
  }) => {
    const small = await signIn()
    const smallRoot = await postDeck(client, small.token, 'Only', null)
    await postDeck(client, small.token, 'Only part', smallRoot.id)

    const big = await signIn()
    let bigRoot = 0
    for (let i = 0; i < 10; i++) {
      const root = await postDeck(client, big.token, `Deck ${i}`, null)
      const sub = await postDeck(client, big.token, `Deck ${i} part`, root.id)
      await postDeck(client, big.token, `Deck ${i} detail`, sub.id)
      bigRoot ||= root.id
    }

    const listQueries = async (token: string) =>
      countQueries(async () =>
        (await client.get('/api/decks').bearerToken(token)).assertStatus(200)
      )
    const showQueries = async (token: string, id: number) =>
      countQueries(async () =>
        (await client.get(`/api/decks/${id}`).bearerToken(token)).assertStatus(200)
      )
    /* a warm-up: the first request of a process loads what later ones reuse */
    await listQueries(small.token)
    assert.equal(await listQueries(big.token), await listQueries(small.token), 'GET decks')
    assert.equal(
      await showQueries(big.token, bigRoot),
      await showQueries(small.token, smallRoot.id),
      'GET decks/{id}'
    )
  })
})
