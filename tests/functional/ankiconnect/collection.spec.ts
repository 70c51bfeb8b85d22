import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { anki, connect, ok } from '#tests/functional/ankiconnect/support'

/*
 * AnkiConnect's miscellaneous, deck and model actions, with the requests
 * and results of its README (FooSoft/anki-connect, "Supported Actions"),
 * read onto a Mnemo account: `::` paths are subdecks, models are note types.
 */

test.group('AnkiConnect: misc, decks and models', (group) => {
  group.each.setup(() => resetState())

  test('version, sync, apiReflect and getNumCardsReviewedToday as documented', async ({
    client,
    assert,
  }) => {
    const { key } = await connect(client)
    assert.equal(await ok(client, key, 'version'), 6)
    assert.isNull(await ok(client, key, 'sync'))
    assert.deepEqual(
      await ok(client, key, 'apiReflect', {
        scopes: ['actions', 'invalidType'],
        actions: ['apiReflect', 'invalidMethod'],
      }),
      { scopes: ['actions'], actions: ['apiReflect'] }
    )
    const all = await ok(client, key, 'apiReflect', { scopes: ['actions'], actions: null })
    for (const action of [
      'version',
      'requestPermission',
      'apiReflect',
      'multi',
      'sync',
      'deckNames',
      'deckNamesAndIds',
      'createDeck',
      'modelNames',
      'modelNamesAndIds',
      'modelFieldNames',
      'modelTemplates',
      'addNote',
      'addNotes',
      'canAddNotes',
      'canAddNotesWithErrorDetail',
      'updateNoteFields',
      'updateNote',
      'notesInfo',
      'cardsInfo',
      'findNotes',
      'findCards',
      'deleteNotes',
      'suspend',
      'unsuspend',
      'areSuspended',
      'getTags',
      'addTags',
      'removeTags',
      'storeMediaFile',
      'retrieveMediaFile',
      'guiBrowse',
      'getNumCardsReviewedToday',
    ])
      assert.include(all.actions, action)
    assert.equal(await ok(client, key, 'getNumCardsReviewedToday'), 0)
  })

  test('multi answers each action in its own version, errors included (README example)', async ({
    client,
    assert,
  }) => {
    const { key } = await connect(client)
    await ok(client, key, 'createDeck', { deck: 'Default' })
    const reply = await anki(client, key, 'multi', {
      actions: [
        { action: 'deckNames' },
        { action: 'deckNames', version: 6 },
        { action: 'invalidAction', params: { useless: 'param' } },
        { action: 'invalidAction', params: { useless: 'param' }, version: 6 },
      ],
    })
    assert.deepEqual(reply, {
      result: [
        ['Default'],
        { result: ['Default'], error: null },
        { result: null, error: 'unsupported action' },
        { result: null, error: 'unsupported action' },
      ],
      error: null,
    })
  })

  test('createDeck makes a :: path as subdecks, once; deckNames and deckNamesAndIds give paths', async ({
    client,
    assert,
  }) => {
    const { key, user } = await connect(client)
    assert.deepEqual(await ok(client, key, 'deckNames'), [])
    const tokyo = await ok(client, key, 'createDeck', { deck: 'Japanese::Tokyo' })
    assert.isNumber(tokyo)
    assert.equal(await ok(client, key, 'createDeck', { deck: 'Japanese::Tokyo' }), tokyo)
    await ok(client, key, 'createDeck', { deck: 'Default' })
    assert.deepEqual(await ok(client, key, 'deckNames'), ['Default', 'Japanese', 'Japanese::Tokyo'])
    const ids = await ok(client, key, 'deckNamesAndIds')
    assert.equal(ids['Japanese::Tokyo'], tokyo)
    const rows = await db.from('decks').where('user_id', user.id).select('id', 'name', 'parent_id')
    const japanese = rows.find((row) => row.name === 'Japanese')
    assert.equal(ids.Japanese, japanese.id)
    assert.equal(rows.find((row) => row.id === tokyo).parent_id, japanese.id)
    assert.lengthOf(rows, 3)
    const bad = await anki(client, key, 'createDeck', { deck: 42 })
    assert.deepEqual(bad, { result: null, error: 'deck must be a string' })
  })

  test('models are note types: names, ids, fields and templates as Anki names them', async ({
    client,
    assert,
  }) => {
    const { key } = await connect(client)
    const names = await ok(client, key, 'modelNames')
    for (const name of ['Basic', 'Basic (and reversed card)', 'Cloze']) assert.include(names, name)
    const ids = await ok(client, key, 'modelNamesAndIds')
    assert.deepEqual(Object.keys(ids).sort(), [...names].sort())
    assert.isNumber(ids.Basic)
    assert.deepEqual(await ok(client, key, 'modelFieldNames', { modelName: 'Basic' }), [
      'Front',
      'Back',
    ])
    const templates = await ok(client, key, 'modelTemplates', {
      modelName: 'Basic (and reversed card)',
    })
    assert.deepEqual(Object.keys(templates), ['Card 1', 'Card 2'])
    assert.equal(templates['Card 1'].Front, '{{Front}}')
    assert.equal(templates['Card 2'].Front, '{{Back}}')
    assert.include(templates['Card 2'].Back, '{{Front}}')
    assert.deepEqual(await anki(client, key, 'modelFieldNames', { modelName: 'Nope' }), {
      result: null,
      error: 'model was not found: Nope',
    })
  })
})
