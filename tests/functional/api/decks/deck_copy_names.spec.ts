import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { copyNameFor } from '#actions/decks/copy_name'
import { resetState } from '#tests/support/helpers'
import { signedIn } from '#tests/support/web_session'
import { createDeck, getDeck, signIn, unstickJobs, waitForJobs } from '#tests/support/content'

const namesOf = async (userId: number, parentId: number | null) => {
  const query = db.from('decks').where('user_id', userId).orderBy('id').select('name')
  if (parentId) query.where('parent_id', parentId)
  else query.whereNull('parent_id')
  return (await query).map((row) => row.name)
}

test.group('Duplicating a deck: the copy has a name of its own', (group) => {
  group.each.setup(() => resetState())
  group.each.teardown(() => unstickJobs())

  test('API: "Spanish (copy)", then "Spanish (copy 2)"; subdecks keep their names inside the copy', async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn()
    const spanish = await createDeck(client, token, { name: 'Spanish' })
    await createDeck(client, token, { name: 'Verbs', parent_id: spanish.id })

    const first = await client.post(`/api/decks/${spanish.id}/duplicate`).bearerToken(token)
    first.assertStatus(202)
    assert.equal(first.body().name, 'Spanish (copy)')
    const second = await client.post(`/api/decks/${spanish.id}/duplicate`).bearerToken(token)
    assert.equal(second.body().name, 'Spanish (copy 2)')
    /* a copy of a copy is another copy of the original */
    await waitForJobs(client, token, [first.body().id, second.body().id])
    const third = await client.post(`/api/decks/${first.body().id}/duplicate`).bearerToken(token)
    assert.equal(third.body().name, 'Spanish (copy 3)')
    await waitForJobs(client, token, [third.body().id])

    assert.deepEqual(await namesOf(user.id, null), [
      'Spanish',
      'Spanish (copy)',
      'Spanish (copy 2)',
      'Spanish (copy 3)',
    ])
    for (const copy of [first, second, third]) {
      const children = (await getDeck(client, token, copy.body().id)).children
      assert.lengthOf(children, 1)
      assert.deepEqual(await namesOf(user.id, copy.body().id), ['Verbs'])
    }
  })

  test("API: into another deck, the names beside it there count; the learner's language names the copy", async ({
    client,
    assert,
  }) => {
    const { user, token } = await signIn({ locale: 'de' })
    const source = await createDeck(client, token, { name: 'Verben' })
    const destination = await createDeck(client, token, { name: 'Deutsch' })
    await createDeck(client, token, { name: 'Verben (Kopie)', parent_id: destination.id })

    const inside = await client
      .post(`/api/decks/${source.id}/duplicate`)
      .bearerToken(token)
      .qs({ destination_id: destination.id })
    inside.assertStatus(202)
    assert.equal(inside.body().name, 'Verben (Kopie 2)')
    const top = await client
      .post(`/api/decks/${source.id}/duplicate`)
      .bearerToken(token)
      .header('accept-language', 'fr')
    assert.equal(
      top.body().name,
      'Verben (Kopie)',
      "the learner's own choice wins over the request's language"
    )
    await waitForJobs(client, token, [inside.body().id, top.body().id])
    assert.deepEqual(await namesOf(user.id, destination.id), ['Verben (Kopie)', 'Verben (Kopie 2)'])
  })

  test("API: without a chosen language, the request's language names the copy", async ({
    client,
    assert,
  }) => {
    const { token } = await signIn({ locale: null })
    const source = await createDeck(client, token, { name: 'Vocabulario' })
    const response = await client
      .post(`/api/decks/${source.id}/duplicate`)
      .bearerToken(token)
      .header('accept-language', 'es')
    assert.equal(response.body().name, 'Vocabulario (copia)')
    await waitForJobs(client, token, [response.body().id])
  })

  test("web: the deck menu's duplicate names the copy in the learner's language", async ({
    assert,
  }) => {
    const { user, web } = await signedIn('ana@example.test')
    await web.put('/settings/language', { locale: 'fr' })
    const { createDeck: createDeckAction } = await import('#actions/decks/create_deck')
    const deck = await createDeckAction(user, { name: 'Biologie' })
    await web.get('/')
    await web.post(`/decks/${deck.id}/duplicate`, {})
    await web.post(`/decks/${deck.id}/duplicate`, {})
    assert.deepEqual(await namesOf(user.id, null), [
      'Biologie',
      'Biologie (copie)',
      'Biologie (copie 2)',
    ])
  })

  test('names: every language, case aside, a long name shortened to fit', ({ assert }) => {
    assert.equal(copyNameFor('Spanish', ['Spanish'], 'en'), 'Spanish (copy)')
    assert.equal(copyNameFor('Spanish', ['Spanish', 'spanish (COPY)'], 'en'), 'Spanish (copy 2)')
    assert.equal(
      copyNameFor('Spanish (copy 2)', ['Spanish', 'Spanish (copy)', 'Spanish (copy 2)'], 'en'),
      'Spanish (copy 3)'
    )
    assert.equal(copyNameFor('Wörter', [], 'de'), 'Wörter (Kopie)')
    assert.equal(copyNameFor('Palavras', ['Palavras (cópia)'], 'pt'), 'Palavras (cópia 2)')
    assert.equal(copyNameFor('Palabras', [], 'es'), 'Palabras (copia)')
    assert.equal(copyNameFor('Mots', ['Mots (copie)', 'Mots (copie 2)'], 'fr'), 'Mots (copie 3)')
    /* "(copy)" in the name of a deck that is not a copy of anything is kept when it is not the suffix */
    assert.equal(copyNameFor('(copy) notes', [], 'en'), '(copy) notes (copy)')
    const long = 'x'.repeat(255)
    const copy = copyNameFor(long, [long], 'en')
    assert.lengthOf(copy, 255)
    assert.isTrue(copy.endsWith(' (copy)'))
    const again = copyNameFor(long, [long, copy], 'en')
    assert.lengthOf(again, 255)
    assert.isTrue(again.endsWith(' (copy 2)'))
  })
})
