import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createDeck } from '#actions/decks/create_deck'
import { deleteDeck } from '#actions/decks/delete_deck'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { makeUser, resetState } from '#tests/support/helpers'

/*
 * decks.cards_count (migration 0047) is kept by triggers on cards, which the
 * queue's totals and the deck counters read instead of counting: after every
 * kind of statement that adds, removes or moves cards, each deck's number is
 * its cards counted.
 */
async function drift() {
  const { rows } = await db.rawQuery(`
    select d.id, d.cards_count, (select count(*) from cards c where c.deck_id = d.id)::int as counted
      from decks d order by d.id`)
  return (rows as { id: number; cards_count: number; counted: number }[]).filter(
    (row) => row.cards_count !== row.counted
  )
}

async function countOf(deckId: number) {
  const row = await db.from('decks').where('id', deckId).select('cards_count').firstOrFail()
  return row.cards_count as number
}

test.group('A deck keeps its number of cards', (group) => {
  group.each.setup(() => resetState())

  test('notes added, moved, deleted, a deck deleted: every deck keeps its count', async ({
    assert,
  }) => {
    const user = await makeUser()
    const spanish = await createDeck(user, { name: 'Spanish' })
    const verbs = await createDeck(user, { name: 'Verbs', parent_id: spanish.id })
    const french = await createDeck(user, { name: 'French' })
    assert.equal(await countOf(spanish.id), 0)

    const add = (deckId: number, count: number) =>
      bulkCreateNotes(user, {
        deck_id: deckId,
        import_data: Array.from({ length: count }, (_, index) => ({
          front: `Front ${deckId}.${index}`,
          back: `Back ${deckId}.${index}`,
        })),
      })
    await add(spanish.id, 12)
    await add(verbs.id, 5)
    await add(french.id, 7)
    assert.deepEqual(
      [await countOf(spanish.id), await countOf(verbs.id), await countOf(french.id)],
      [12, 5, 7]
    )

    /* one statement adding cards to two decks (a second card per note, as a reversed type makes) */
    await db.rawQuery(
      `insert into cards (note_id, deck_id, ord, created_at)
       select id, deck_id, 1, now() from notes where deck_id in (?, ?)`,
      [verbs.id, french.id]
    )
    assert.deepEqual([await countOf(verbs.id), await countOf(french.id)], [10, 14])

    /* three of Spanish's notes moved to French with their cards, as moving notes does; an update that moves nothing */
    const moved = await db
      .from('notes')
      .where('deck_id', spanish.id)
      .orderBy('id')
      .limit(3)
      .select('id')
    const ids = moved.map((note) => note.id as number)
    await db.from('notes').whereIn('id', ids).update({ deck_id: french.id })
    await db.from('cards').whereIn('note_id', ids).update({ deck_id: french.id })
    await db.rawQuery('update cards set ord = ord where deck_id = ?', [french.id])
    assert.deepEqual([await countOf(spanish.id), await countOf(french.id)], [9, 17])

    /* notes deleted: their cards go by the foreign key's cascade */
    await db.rawQuery(
      'delete from notes where id in (select id from notes where deck_id = ? order by id limit 2)',
      [verbs.id]
    )
    assert.equal(await countOf(verbs.id), 6)
    assert.deepEqual(await drift(), [])

    /* the main deck deleted with its subdeck: nothing is left to count, and French keeps its number */
    await deleteDeck(user, { id: spanish.id })
    assert.deepEqual(await drift(), [])
    assert.equal(await countOf(french.id), 17)
  })

  test('writers in two transactions on one deck both count', async ({ assert }) => {
    const user = await makeUser()
    const deck = await createDeck(user, { name: 'Busy' })
    await Promise.all(
      [0, 1, 2, 3].map((batch) =>
        bulkCreateNotes(user, {
          deck_id: deck.id,
          import_data: Array.from({ length: 25 }, (_, index) => ({
            front: `Batch ${batch} card ${index}`,
            back: 'back',
          })),
        })
      )
    )
    assert.equal(await countOf(deck.id), 100)
    assert.deepEqual(await drift(), [])
  })
})
