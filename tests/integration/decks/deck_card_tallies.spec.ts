import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { createDeck } from '#actions/decks/create_deck'
import { deleteDeck } from '#actions/decks/delete_deck'
import { createNote } from '#actions/notes/create_note'
import { compactDeckCardTallies } from '#actions/maintenance/compact_deck_card_tallies'
import { makeUser, resetState } from '#tests/support/helpers'
import { noteTypeId } from '../learning/support.js'

/*
 * Each deck's number of cards is kept in deck_card_tallies by triggers on
 * cards (migration 0047): whatever adds, removes or moves cards, the sum of
 * a deck's rows is what count(*) over its cards says.
 */
type Client = Pick<QueryClientContract, 'rawQuery'>
const byDeck = async (sql: string, client: Client = db) =>
  Object.fromEntries(
    (await client.rawQuery(sql)).rows.map((row: { deck_id: number; n: number }) => [
      row.deck_id,
      row.n,
    ])
  )
const tallied = (client?: Client) =>
  byDeck(
    'select deck_id, sum(cards)::int as n from deck_card_tallies group by deck_id having sum(cards) <> 0',
    client
  )
const counted = (client?: Client) =>
  byDeck('select deck_id, count(*)::int as n from cards group by deck_id', client)
const rowsOf = async (deckId: number) =>
  Number((await db.from('deck_card_tallies').where('deck_id', deckId).count('* as n').first()).n)

/** `count` basic notes with their cards in one statement each, as an import writes them. */
async function bulkNotes(client: Client, userId: number, deckId: number, count: number) {
  const basic = await noteTypeId('basic')
  await client.rawQuery(
    `insert into notes (user_id, deck_id, note_type_id, guid, fields, sort_text, search_text, created_at, updated_at)
     select ?, ?, ?, md5(random()::text || i), jsonb_build_object('Front', 'Q' || i, 'Back', 'A' || i),
            'q' || i, 'q' || i, now(), now()
     from generate_series(1, ?) i`,
    [userId, deckId, basic, count]
  )
  await client.rawQuery(
    `insert into cards (note_id, deck_id, ord, created_at)
     select n.id, n.deck_id, 0, now() from notes n
      where n.deck_id = ? and not exists (select 1 from cards c where c.note_id = n.id)`,
    [deckId]
  )
}

test.group('Decks: each deck keeps its number of cards', (group) => {
  group.each.setup(() => resetState())

  test('adding, moving and deleting cards, notes and decks: the tallies stay count(*) over the cards', async ({
    assert,
  }) => {
    const user = await makeUser()
    const first = await createDeck(user, { name: 'First' })
    const second = await createDeck(user, { name: 'Second' })
    const step = async (what: string) => assert.deepEqual(await tallied(), await counted(), what)

    await createNote(user, {
      deck_id: first.id,
      template_id: await noteTypeId('basic'),
      fields: { Front: 'One', Back: 'Eins' },
    })
    await createNote(user, {
      deck_id: first.id,
      template_id: await noteTypeId('basic'),
      fields: { Front: 'Two', Back: 'Zwei' },
      reverse: true,
    })
    await step('notes made in the editor')
    assert.deepEqual(await tallied(), { [first.id]: 3 })

    await bulkNotes(db, user.id, second.id, 40)
    await step('40 notes written as an import does')
    assert.equal(await rowsOf(second.id), 1, 'one row for the statement that wrote 40 cards')

    /* as moving notes does (app/actions/notes/move_notes.ts): the notes, then their cards */
    const moved = (
      await db.from('notes').where('deck_id', second.id).orderBy('id').limit(10).select('id')
    ).map((row) => row.id)
    await db.from('notes').whereIn('id', moved).update({ deck_id: first.id })
    await db.from('cards').whereIn('note_id', moved).update({ deck_id: first.id })
    await db.rawQuery('update cards set ord = ord where deck_id = ?', [first.id])
    await step('10 notes moved, then cards updated without moving')
    assert.deepEqual(await tallied(), { [first.id]: 13, [second.id]: 30 })

    await db.rawQuery(
      'delete from notes where id in (select note_id from cards where deck_id = ? order by id limit 5)',
      [second.id]
    )
    await step('5 notes deleted, their cards with them')

    await deleteDeck(user, { id: second.id })
    await step('a deck deleted')
    assert.equal(await rowsOf(second.id), 0, 'the deleted deck leaves no row behind')
    assert.deepEqual(await tallied(), { [first.id]: 13 })
  })

  test("an import's open transaction locks nothing: its deck's row written meanwhile, others count without it", async ({
    assert,
  }) => {
    const user = await makeUser()
    const deck = await createDeck(user, { name: 'Importing' })
    await bulkNotes(db, user.id, deck.id, 5)
    const importing = await db.transaction()
    try {
      await bulkNotes(importing, user.id, deck.id, 20)
      assert.deepEqual(await tallied(importing), { [deck.id]: 25 }, 'the import sees its own cards')
      await db.transaction(async (trx) => {
        await trx.rawQuery("set local lock_timeout = '2s'")
        await trx.from('decks').where('id', deck.id).update({ name: 'Renamed meanwhile' })
      })
      assert.deepEqual(await tallied(), { [deck.id]: 5 }, 'others see the committed cards only')
      assert.deepEqual(await tallied(), await counted())
      await importing.commit()
    } catch (error) {
      await importing.rollback()
      throw error
    }
    assert.deepEqual(await tallied(), { [deck.id]: 25 })
  })

  test('compacting folds the committed rows of each deck into one, beside an open transaction and itself', async ({
    assert,
  }) => {
    const user = await makeUser()
    const deck = await createDeck(user, { name: 'Many statements' })
    const other = await createDeck(user, { name: 'Other' })
    for (let index = 0; index < 6; index++) await bulkNotes(db, user.id, deck.id, 3)
    await bulkNotes(db, user.id, other.id, 4)
    await db.rawQuery(
      'delete from notes where id in (select note_id from cards where deck_id = ? limit 2)',
      [deck.id]
    )
    assert.isAbove(await rowsOf(deck.id), 6)

    const open = await db.transaction()
    try {
      await bulkNotes(open, user.id, deck.id, 7)
      const folded = await Promise.all([compactDeckCardTallies(), compactDeckCardTallies()])
      assert.isAbove(Math.max(...folded), 6, 'one of the two folded the rows')
      assert.equal(Math.min(...folded), 0, 'the other folded nothing')
      assert.equal(await rowsOf(deck.id), 1, 'one row for the committed cards')
      assert.deepEqual(await tallied(), { [deck.id]: 16, [other.id]: 4 })
      await open.commit()
    } catch (error) {
      await open.rollback()
      throw error
    }
    assert.deepEqual(await tallied(), { [deck.id]: 23, [other.id]: 4 })
    assert.deepEqual(await tallied(), await counted())
    await compactDeckCardTallies()
    assert.equal(await rowsOf(deck.id), 1)
    assert.equal(await rowsOf(other.id), 1)
    assert.equal(await compactDeckCardTallies(), 0, 'nothing left to fold')
  })
})
