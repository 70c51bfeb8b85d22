import { test } from '@japa/runner'
import { resetState } from '#tests/support/helpers'
import { createDeck, signIn } from '#tests/support/content'

/* what many HTTP libraries write for a nil parameter: the name, `=`, nothing */
test.group('API query: an empty value is an absent one', (group) => {
  group.each.setup(() => resetState())

  test('POST decks/{id}/duplicate?keep_progress&destination_id=&folder_id= duplicates as a main deck', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const deck = await createDeck(client, token, { name: 'Verbs' })
    const response = await client
      .post(`/api/decks/${deck.id}/duplicate?keep_progress=false&destination_id=&folder_id=`)
      .bearerToken(token)
    response.assertStatus(202)
    assert.notEqual(response.body().id, deck.id)
    assert.isNull(response.body().folderId)
    assert.isTrue(response.body().isRootDeck)
  })

  test('GET decks?folder_id= lists every deck, as without folder_id', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    await createDeck(client, token, { name: 'Verbs' })
    await createDeck(client, token, { name: 'Nouns' })
    const plain = await client.get('/api/decks').bearerToken(token)
    const empty = await client.get('/api/decks?folder_id=&deck_ids=').bearerToken(token)
    empty.assertStatus(200)
    assert.deepEqual(
      empty.body().decks.map((deck: { id: number }) => deck.id),
      plain.body().decks.map((deck: { id: number }) => deck.id)
    )
    assert.lengthOf(empty.body().decks, 2)
  })

  test('a value that is there is still checked: folder_id=abc is a 422 naming it', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const response = await client.get('/api/decks?folder_id=abc').bearerToken(token)
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'folder_id')
  })
})
