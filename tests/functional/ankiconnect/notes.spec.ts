import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetState } from '#tests/support/helpers'
import { fillDeck, snapshot } from '#tests/support/content'
import { anki, connect, ok } from '#tests/functional/ankiconnect/support'

/*
 * AnkiConnect's note actions with its README's requests and results, its
 * duplicate rules (allowDuplicate; duplicateScope deck, deck-root and the
 * collection; the first field compared) and the product's limits answered
 * in AnkiConnect's shape.
 */

const basic = (front: string, options: Record<string, unknown> = {}, deckName = 'Default') => ({
  deckName,
  modelName: 'Basic',
  fields: { Front: front, Back: 'back content' },
  options,
  tags: ['yomichan'],
})

const DUPLICATE = 'cannot create note because it is a duplicate'

test.group('AnkiConnect: notes', (group) => {
  group.each.setup(() => resetState())

  test('addNote (README example): a note with its tags; the url media of the example is refused', async ({
    client,
    assert,
  }) => {
    const { key, user } = await connect(client)
    await ok(client, key, 'createDeck', { deck: 'Default' })
    const example = {
      ...basic('front content', {
        allowDuplicate: false,
        duplicateScope: 'deck',
        duplicateScopeOptions: { deckName: 'Default', checkChildren: false, checkAllModels: false },
      }),
      audio: [
        {
          url: 'https://assets.languagepod101.com/dictionary/japanese/audiomp3.php?kanji=猫&kana=ねこ',
          filename: 'yomichan_ねこ_猫.mp3',
          skipHash: '7e2c2f954ef6051373ba916f000168dc',
          fields: ['Front'],
        },
      ],
    }
    const before = await snapshot()
    const refused = await anki(client, key, 'addNote', { note: example })
    assert.deepEqual(refused, {
      result: null,
      error: 'the server fetches no url or path: send the file as base64 "data"',
    })
    assert.deepEqual(await snapshot(), before)

    const { audio: _audio, ...plain } = example
    const id = await ok(client, key, 'addNote', { note: plain })
    assert.isNumber(id)
    const note = await db.from('notes').where('id', id).firstOrFail()
    assert.equal(note.user_id, user.id)
    assert.deepEqual(note.fields, { Front: 'front content', Back: 'back content' })
    assert.deepEqual(note.tags, ['yomichan'])
    assert.deepEqual(await ok(client, key, 'notesInfo', { notes: [id] }), [
      {
        noteId: id,
        profile: 'User 1',
        modelName: 'Basic',
        tags: ['yomichan'],
        fields: {
          Front: { value: 'front content', order: 0 },
          Back: { value: 'back content', order: 1 },
        },
        cards: (await db.from('cards').where('note_id', id).select('id')).map((card) => card.id),
        mod: Math.floor(new Date(note.updated_at).getTime() / 1000),
      },
    ])
  })

  test('unknown model and deck, empty first field: AnkiConnect errors', async ({
    client,
    assert,
  }) => {
    const { key } = await connect(client)
    await ok(client, key, 'createDeck', { deck: 'Default' })
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...basic('x'), modelName: 'Nope' }, 'model was not found: Nope'],
      [{ ...basic('x'), deckName: 'Nowhere' }, 'deck was not found: Nowhere'],
      [basic(' '), 'cannot create note because it is empty'],
      [basic('x', { allowDuplicate: 'yes' }), 'option parameter "allowDuplicate" must be boolean'],
    ]
    for (const [note, error] of cases)
      assert.deepEqual(await anki(client, key, 'addNote', { note }), { result: null, error })
  })

  test('duplicates: first field, same type; allowDuplicate; scopes deck, deck-root, collection', async ({
    client,
    assert,
  }) => {
    const { key } = await connect(client)
    for (const deck of ['Default', 'Japanese::Words', 'Japanese::Kanji', 'Other'])
      await ok(client, key, 'createDeck', { deck })
    await ok(client, key, 'addNote', { note: basic('<b>cat</b>') })
    /* collection scope (the default): the same first field anywhere, of the same note type */
    assert.deepEqual(await anki(client, key, 'addNote', { note: basic('cat', {}, 'Other') }), {
      result: null,
      error: DUPLICATE,
    })
    /* the first field alone counts, case kept */
    assert.isNumber(await ok(client, key, 'addNote', { note: basic('Cat', {}, 'Other') }))
    /* another note type is no duplicate, unless checkAllModels */
    const reversed = {
      ...basic('cat', { duplicateScope: 'collection' }),
      modelName: 'Basic (and reversed card)',
    }
    assert.deepEqual(
      await ok(client, key, 'canAddNotes', {
        notes: [
          reversed,
          { ...reversed, options: { duplicateScopeOptions: { checkAllModels: true } } },
        ],
      }),
      [true, false]
    )
    /* deck scope: only the target deck (or the one named), children when asked */
    await ok(client, key, 'addNote', { note: basic('dog', {}, 'Japanese::Kanji') })
    const inWords = basic('dog', { duplicateScope: 'deck' }, 'Japanese::Words')
    const withRoot = {
      ...inWords,
      options: {
        duplicateScope: 'deck',
        duplicateScopeOptions: { deckName: 'Japanese', checkChildren: true },
      },
    }
    const rootOnly = {
      ...withRoot,
      options: { ...withRoot.options, duplicateScopeOptions: { deckName: 'Japanese' } },
    }
    const deckRoot = { ...inWords, options: { duplicateScope: 'deck-root' } }
    assert.deepEqual(
      await ok(client, key, 'canAddNotes', { notes: [inWords, withRoot, rootOnly, deckRoot] }),
      [true, false, true, false]
    )
    /* allowDuplicate adds it anyway */
    const again = await ok(client, key, 'addNote', {
      note: basic('cat', { allowDuplicate: true }, 'Default'),
    })
    assert.isNumber(again)
    assert.deepEqual(
      await ok(client, key, 'canAddNotesWithErrorDetail', {
        notes: [basic('cat'), basic('bird'), { ...basic('x'), modelName: 'Nope' }],
      }),
      [
        { canAdd: false, error: DUPLICATE },
        { canAdd: true },
        { canAdd: false, error: 'model was not found: Nope' },
      ]
    )
  })

  test('addNotes: an id per note, null for one that cannot be added', async ({
    client,
    assert,
  }) => {
    const { key } = await connect(client)
    await ok(client, key, 'createDeck', { deck: 'Default' })
    const ids = await ok(client, key, 'addNotes', {
      notes: [basic('front content'), basic('front content'), basic('other')],
    })
    assert.lengthOf(ids, 3)
    assert.isNumber(ids[0])
    assert.isNull(ids[1])
    assert.isNumber(ids[2])
  })

  test('updateNoteFields, updateNote, tags and deleteNotes (README examples)', async ({
    client,
    assert,
  }) => {
    const { key } = await connect(client)
    await ok(client, key, 'createDeck', { deck: 'Default' })
    const id = await ok(client, key, 'addNote', { note: basic('front content') })
    assert.isNull(
      await ok(client, key, 'updateNoteFields', {
        note: { id, fields: { Front: 'new front content', Back: 'new back content' } },
      })
    )
    /* a field it does not name stays */
    await ok(client, key, 'updateNoteFields', { note: { id, fields: { back: 'newer back' } } })
    let [info] = await ok(client, key, 'notesInfo', { notes: [id] })
    assert.equal(info.fields.Front.value, 'new front content')
    assert.equal(info.fields.Back.value, 'newer back')

    assert.isNull(await ok(client, key, 'updateNote', { note: { id, tags: ['new', 'tags'] } }))
    ;[info] = await ok(client, key, 'notesInfo', { notes: [id] })
    assert.deepEqual(info.tags, ['new', 'tags'])
    assert.deepEqual(await anki(client, key, 'updateNote', { note: { id } }), {
      result: null,
      error: 'Must provide a "fields" or "tags" property.',
    })

    const other = await ok(client, key, 'addNote', { note: basic('second') })
    assert.isNull(
      await ok(client, key, 'addTags', { notes: [id, other], tags: 'european-languages' })
    )
    assert.deepEqual(await ok(client, key, 'getTags'), [
      'european-languages',
      'new',
      'tags',
      'yomichan',
    ])
    assert.isNull(
      await ok(client, key, 'removeTags', { notes: [id, other], tags: 'european-languages new' })
    )
    assert.deepEqual(await ok(client, key, 'getTags'), ['tags', 'yomichan'])

    assert.deepEqual(await ok(client, key, 'findNotes', { query: 'deck:Default' }), [id, other])
    assert.isNull(await ok(client, key, 'deleteNotes', { notes: [id] }))
    assert.deepEqual(
      await ok(client, key, 'notesInfo', { notes: [id, other] }).then((all) => all[0]),
      {}
    )
    assert.deepEqual(await ok(client, key, 'findNotes', { query: 'deck:Default' }), [other])
  })

  test("a stranger's notes are out of reach: not shown, not changed, not deleted", async ({
    client,
    assert,
  }) => {
    const owner = await connect(client)
    await ok(client, owner.key, 'createDeck', { deck: 'Default' })
    const id = await ok(client, owner.key, 'addNote', { note: basic('mine') })
    const cards = await ok(client, owner.key, 'findCards', { query: 'deck:Default' })
    const stranger = await connect(client)
    await ok(client, stranger.key, 'createDeck', { deck: 'Default' })
    const before = await snapshot()
    assert.deepEqual(await ok(client, stranger.key, 'notesInfo', { notes: [id] }), [{}])
    assert.deepEqual(await ok(client, stranger.key, 'cardsInfo', { cards }), [{}])
    assert.deepEqual(await ok(client, stranger.key, 'findNotes', { query: 'mine' }), [])
    await ok(client, stranger.key, 'deleteNotes', { notes: [id] })
    await ok(client, stranger.key, 'addTags', { notes: [id], tags: 'stolen' })
    assert.isFalse(await ok(client, stranger.key, 'suspend', { cards }))
    assert.deepEqual(
      await anki(client, stranger.key, 'updateNoteFields', {
        note: { id, fields: { Front: 'x' } },
      }),
      {
        result: null,
        error: `Note was not found: ${id}`,
      }
    )
    assert.deepEqual(await snapshot(), before)
    const [info] = await ok(client, owner.key, 'notesInfo', { notes: [id] })
    assert.equal(info.fields.Front.value, 'mine')
    assert.deepEqual(info.tags, ['yomichan'])
  })

  test('the 3,000-card deck limit and premium note types hold, in AnkiConnect shape', async ({
    client,
    assert,
  }) => {
    const { key, user } = await connect(client)
    const deckId = await ok(client, key, 'createDeck', { deck: 'Full' })
    const types = await ok(client, key, 'modelNamesAndIds')
    await fillDeck(user.id, deckId, types.Basic, 3000)
    const full = await anki(client, key, 'addNote', { note: basic('one more', {}, 'Full') })
    assert.isNull(full.result)
    assert.match(full.error, /^Cards limit reached: A deck with 3,?000 cards cannot take more/)
    await ok(client, key, 'createDeck', { deck: 'Anatomy' })
    const occlusion = await anki(client, key, 'addNote', {
      note: {
        deckName: 'Anatomy',
        modelName: 'Image Occlusion',
        fields: { Image: '<img src="data:image/png;base64,iVBORw0KGgo=">' },
      },
    })
    assert.isNull(occlusion.result)
    assert.match(occlusion.error, /premium/i)
  })
})
