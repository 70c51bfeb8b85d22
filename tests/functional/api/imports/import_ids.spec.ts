import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { signIn } from '#tests/support/content'
import { upload, waitForImport } from './support.js'

/*
 * The spec's "Deck import status: ids": the decks the import made, so the
 * app refetches them (GET decks?deck_ids) once the poll says done.
 */
test.group('API deck imports: ids of the decks made', (group) => {
  group.each.setup(() => resetState())

  test('a finished import names its deck and its subdecks; before that none', async ({
    client,
    assert,
  }) => {
    const { token } = await signIn()
    const text = [
      '#separator:comma',
      '#columns:Front,Back,Deck',
      'hola,hello,Spanish',
      'ser,to be,Spanish::Verbs',
      'rojo,red,Spanish::Colours',
    ].join('\n')
    const started = await upload(client, token, Buffer.from(text), 'spanish.csv')
    started.assertStatus(202)
    assert.deepEqual(started.body().ids, [], 'nothing is made yet')

    const done = await waitForImport(client, token, started.body().id)
    assert.equal(done.status, 'done', JSON.stringify(done))
    const tree = await db
      .from('decks')
      .where('id', done.deckId)
      .orWhere('root_deck_id', done.deckId)
      .orderBy('id')
      .select('id', 'parent_id')
    assert.lengthOf(tree, 3)
    assert.deepEqual(done.ids, [
      done.deckId,
      ...tree.filter((row) => row.parent_id).map((row) => row.id),
    ])

    const listed = await client.get('/api/deck_imports').bearerToken(token)
    listed.assertStatus(200)
    assert.deepEqual(listed.body().imports[0].ids, done.ids)
  }).timeout(120_000)
})
