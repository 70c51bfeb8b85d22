import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { editCard } from '#actions/learning/edit_card'
import { suspendCard } from '#actions/learning/suspend_card'
import { freezeCard } from '#actions/learning/freeze_card'
import { markTutorialSeen } from '#actions/learning/mark_tutorial_seen'
import { cardIdsOfNote, findLearnerCard } from '#queries/learning/find_card'
import Note from '#models/note'
import { makeUser, resetState } from '#tests/support/helpers'
import { createNote } from '#actions/notes/create_note'
import { cardIdsOf, learnerWithDeck, noteTypeId, progressRow } from './support.js'

test.group("The learning page's card actions: edit, suspend, freeze", (group) => {
  group.each.setup(() => resetState())

  test("findLearnerCard finds the learner's own card; anyone else's card and a bad id are a 404", async ({
    assert,
  }) => {
    const { user, deck, notes } = await learnerWithDeck(1)
    const [cardId] = await cardIdsOf(deck.id)
    const card = await findLearnerCard(user, cardId)
    assert.include(card, { id: cardId, note_id: notes[0].id, deck_id: deck.id })
    assert.deepEqual(await cardIdsOfNote(notes[0].id), [cardId])

    const stranger = await makeUser()
    for (const [who, id] of [
      [stranger, cardId],
      [user, 'abc'],
      [user, -1],
      [user, 99999999999],
    ] as const) {
      const error = await findLearnerCard(who, id).catch((caught) => caught)
      assert.equal(error.status, 404)
    }
  })

  test('editCard saves the note through the note save: what it leaves out, the note keeps', async ({
    assert,
  }) => {
    const { user, deck, notes } = await learnerWithDeck(1)
    await db.from('notes').where('id', notes[0].id).update({ is_reversed: true })
    const [cardId] = await cardIdsOf(deck.id)
    const card = await editCard(user, { id: cardId, fields: { Front: 'edited', Back: 'in place' } })
    assert.equal(card.id, cardId)
    const note = await Note.findOrFail(notes[0].id)
    assert.deepEqual(note.fields, { Front: 'edited', Back: 'in place' })
    assert.isTrue(note.isReversed)

    const stranger = await makeUser()
    const error = await editCard(stranger, { id: cardId, fields: { Front: 'x', Back: 'y' } }).catch(
      (caught) => caught
    )
    assert.equal(error.status, 404)
    assert.equal((await Note.findOrFail(notes[0].id)).fields.Front, 'edited')
  })

  test("suspendCard takes the card out of this learner's study; twice is fine; another learner cannot", async ({
    assert,
  }) => {
    const { user, deck, notes } = await learnerWithDeck(1)
    const [cardId] = await cardIdsOf(deck.id)
    assert.deepEqual(await suspendCard(user, { id: cardId }), {
      cardId,
      noteId: notes[0].id,
      deckId: deck.id,
    })
    assert.deepEqual(await suspendCard(user, { id: cardId }), {
      cardId,
      noteId: notes[0].id,
      deckId: deck.id,
    })
    const rows = await db.from('card_suspensions').where('card_id', cardId)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].user_id, user.id)

    const stranger = await makeUser()
    assert.equal(
      (await suspendCard(stranger, { id: cardId }).catch((caught) => caught)).status,
      404
    )
  })

  test('freezeCard freezes every card of the note for this learner and keeps a new card new', async ({
    assert,
  }) => {
    const { user, deck } = await learnerWithDeck(0)
    const note = await createNote(user, {
      deck_id: deck.id,
      template_id: await noteTypeId('basic'),
      fields: { Front: 'a', Back: 'b' },
      reverse: true,
    })
    const [cardId, reversed] = await cardIdsOf(deck.id)
    const card = await freezeCard(user, { id: cardId })
    assert.equal(card.note_id, note.id)
    for (const id of [cardId, reversed]) {
      const row = await progressRow(user.id, id)
      assert.isTrue(row.frozen)
      assert.equal(row.state, 'new')
    }
  })

  test('markTutorialSeen remembers the tutorial on the account', async ({ assert }) => {
    const user = await makeUser()
    await markTutorialSeen(user)
    const row = await db.from('users').where('id', user.id).select('learning_tutorial_seen').first()
    assert.isTrue(row.learning_tutorial_seen)
  })
})
