import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createDeck } from '#actions/decks/create_deck'
import { archiveDeck } from '#actions/decks/archive_deck'
import { createNote } from '#actions/notes/create_note'
import { keptFrom, updateNote } from '#actions/notes/update_note'
import Note from '#models/note'
import { makeUser, resetState } from '#tests/support/helpers'
import { noteTypeId } from '../learning/support.js'

const ordsOf = async (noteId: number) =>
  (await db.from('cards').where('note_id', noteId).orderBy('ord').select('ord')).map(
    (row) => row.ord
  )

test.group('The note save: createNote and updateNote, one function for every door', (group) => {
  group.each.setup(() => resetState())

  test('keptFrom: what an edit leaves out (type, masks, reverse; masks given as null) the note keeps', async ({
    assert,
  }) => {
    const note = new Note().fill({
      noteTypeId: 7,
      fields: { Front: 'a' },
      fieldAttachmentsMap: { Image: { hideAll: true, masks: [] } },
      isReversed: true,
    })
    assert.deepEqual(keptFrom(note, { fields: { Front: 'b' } }), {
      noteTypeId: 7,
      fields: { Front: 'b' },
      fieldAttachmentsMap: { Image: { hideAll: true, masks: [] } },
      reverse: true,
    })
    assert.deepEqual(
      keptFrom(note, { fields: {}, fieldAttachmentsMap: null, reverse: false, noteTypeId: 9 }),
      {
        noteTypeId: 9,
        fields: {},
        fieldAttachmentsMap: { Image: { hideAll: true, masks: [] } },
        reverse: false,
      }
    )
    /* an empty map is a choice (no masks), not a field left out */
    assert.deepEqual(
      keptFrom(note, { fields: {}, fieldAttachmentsMap: {} }).fieldAttachmentsMap,
      {}
    )
  })

  test('a partial edit keeps the type and the reversed card; a full edit changes them', async ({
    assert,
  }) => {
    const user = await makeUser()
    const deck = await createDeck(user, { name: 'Words' })
    const basic = await noteTypeId('basic')
    const note = await createNote(user, {
      deck_id: deck.id,
      template_id: basic,
      fields: { Front: 'sun', Back: 'sol' },
      reverse: true,
    })
    assert.deepEqual(await ordsOf(note.id), [0, 100])

    await updateNote(user, { note, fields: { Front: 'moon', Back: 'luna' } })
    const partial = await Note.findOrFail(note.id)
    assert.equal(partial.noteTypeId, basic)
    assert.isTrue(partial.isReversed)
    assert.deepEqual(partial.fields, { Front: 'moon', Back: 'luna' })
    assert.deepEqual(await ordsOf(note.id), [0, 100])

    await updateNote(user, {
      note,
      template_id: basic,
      fields: { Front: 'moon', Back: 'luna' },
      reverse: false,
    })
    assert.isFalse((await Note.findOrFail(note.id)).isReversed)
    assert.deepEqual(await ordsOf(note.id), [0])
  })

  test('the edit starts from the note as stored, not as the caller found it', async ({
    assert,
  }) => {
    const user = await makeUser()
    const deck = await createDeck(user, { name: 'Words' })
    const note = await createNote(user, {
      deck_id: deck.id,
      template_id: await noteTypeId('basic'),
      fields: { Front: 'a', Back: 'b' },
    })
    /* another save reversed it after this caller read the note */
    await db.from('notes').where('id', note.id).update({ is_reversed: true })
    await updateNote(user, { note, fields: { Front: 'c', Back: 'd' } })
    assert.isTrue((await Note.findOrFail(note.id)).isReversed)
  })

  test("an archived deck refuses both saves and nothing changes; another learner's deck is a 404", async ({
    assert,
  }) => {
    const user = await makeUser()
    const deck = await createDeck(user, { name: 'Old' })
    const basic = await noteTypeId('basic')
    const note = await createNote(user, {
      deck_id: deck.id,
      template_id: basic,
      fields: { Front: 'a', Back: 'b' },
    })
    await archiveDeck(user, { id: deck.id, archived: true })

    const created = await createNote(user, {
      deck_id: deck.id,
      template_id: basic,
      fields: { Front: 'x', Back: 'y' },
    }).catch((caught) => caught)
    assert.equal(created.code, 'E_DECK_ARCHIVED')
    const updated = await updateNote(user, { note, fields: { Front: 'x', Back: 'y' } }).catch(
      (caught) => caught
    )
    assert.equal(updated.code, 'E_DECK_ARCHIVED')
    assert.deepEqual((await Note.findOrFail(note.id)).fields, { Front: 'a', Back: 'b' })

    const stranger = await makeUser()
    const foreign = await createNote(stranger, {
      deck_id: deck.id,
      template_id: basic,
      fields: { Front: 'x', Back: 'y' },
    }).catch((caught) => caught)
    assert.equal(foreign.status, 404)
  })
})
