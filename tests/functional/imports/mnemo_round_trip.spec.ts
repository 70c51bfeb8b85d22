import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { makeUser, resetState } from '#tests/support/helpers'
import { fillDeck } from '#tests/support/content'
import { fixture } from '#tests/support/fixtures'
import { deckState } from '#tests/support/deck_state'
import { RoundTrip } from '#tests/support/anki_round_trip'
import { readAnkiTestPackage } from '#tests/support/anki_package'
import { reviewLogRow } from '#actions/learning/review_log_row'
import { studyDay } from '#scheduling/study_day'

/*
 * Issue 32 §2: a Mnemo deck exported as .apkg and imported again (by
 * another learner in the same time zone, so nothing is merged into the
 * first) gives the same notes, note types, cards, scheduling to the day,
 * marks, review history and media. The learner lives at UTC+13 here, where
 * the study day starts at 15:00 UTC the day before.
 */

const OFFSET = 13 * 60
const DAY = 86_400_000

async function learner() {
  const user = await makeUser()
  user.timezoneOffset = OFFSET
  await user.save()
  return user
}

/** A deck made in Mnemo on the built-in Basic type, studied: review, frozen, suspended, buried, answered. */
async function studiedDeck(user: User) {
  const root = await db
    .table('decks')
    .insert({
      user_id: user.id,
      name: 'Biology',
      position: 1,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  const deckId = root[0].id
  const basic = await db
    .from('note_types')
    .whereNull('user_id')
    .where('kind', 'basic')
    .firstOrFail()
  await fillDeck(user.id, deckId, basic.id, 5)
  /* each note and card made at a moment of its own, as Anki's ids need */
  await db.rawQuery(
    `update notes set created_at = now() - (id * interval '1 minute') where deck_id = ?`,
    [deckId]
  )
  await db.rawQuery(
    `update cards set created_at = n.created_at + interval '2 seconds' from notes n
      where n.id = cards.note_id and n.deck_id = ?`,
    [deckId]
  )
  /* the last note has the product's reversed card (ord 100), which Anki holds as a template */
  const last = await db.from('notes').where('deck_id', deckId).orderBy('id', 'desc').firstOrFail()
  await db.from('notes').where('id', last.id).update({ is_reversed: true })
  await db.table('cards').insert({
    note_id: last.id,
    deck_id: deckId,
    ord: 100,
    created_at: new Date(last.created_at.getTime() + 3000),
  })
  const cards = await db
    .from('cards')
    .join('notes', 'notes.id', 'cards.note_id')
    .where('notes.deck_id', deckId)
    .orderBy('notes.id')
    .orderBy('cards.ord')
    .select('cards.id', 'cards.deck_id')
  const now = Date.now()
  const progress = (index: number, columns: Record<string, unknown>) =>
    db.table('card_progress').insert({
      user_id: user.id,
      card_id: cards[index].id,
      deck_id: cards[index].deck_id,
      interval_days: 9,
      ease_permille: 2450,
      reps: 4,
      lapses: 1,
      last_reviewed_at: new Date(now - 9 * DAY),
      created_at: new Date(),
      updated_at: new Date(),
      ...columns,
    })
  /* due in 3 days, at 16:00 UTC: the learner's study day after, since theirs start at 15:00 UTC */
  await progress(0, {
    state: 'review',
    due_at: new Date(Math.floor(now / DAY) * DAY + 3 * DAY + 16 * 3_600_000),
  })
  await progress(1, { state: 'review', due_at: new Date(now + 20 * DAY), frozen: true })
  await progress(2, {
    state: 'learning',
    due_at: new Date(now + 600_000),
    ease_permille: 0,
    interval_days: 0,
  })
  await db
    .table('card_suspensions')
    .insert({ user_id: user.id, card_id: cards[3].id, created_at: new Date() })
  await db.table('card_burials').insert({
    user_id: user.id,
    card_id: cards[4].id,
    until: new Date(now + DAY),
    manual: true,
  })
  for (const [days, answer] of [
    [12, 'good'],
    [9, 'easy'],
  ] as const) {
    const reviewedAt = new Date(now - days * DAY)
    await db.table('review_logs').insert(
      reviewLogRow({
        userId: user.id,
        cardId: cards[0].id,
        deckId: cards[0].deck_id,
        answer,
        kind: 'review',
        stateBefore: 'review',
        versionBefore: null,
        intervalBefore: 3,
        intervalAfter: 9,
        easeAfter: 2.45,
        reviewedAt,
        studyDay: studyDay(reviewedAt, OFFSET),
        durationMs: 5000,
        source: 'session',
      })
    )
  }
  return deckId
}

test.group('Mnemo round trip: a deck exported as .apkg and imported again', (group) => {
  const trip = new RoundTrip()
  group.each.setup(() => resetState())
  group.each.teardown(() => trip.cleanUp())

  test('a deck made and studied in Mnemo comes back the same', async ({ assert }) => {
    const first = await learner()
    const deckId = await studiedDeck(first)
    const exported = await trip.exportDeck(first, deckId)
    assert.deepEqual((await readAnkiTestPackage(exported)).problems, [])
    const second = await learner()
    const again = await trip.importPackage(second, exported, 'Biology', 'apkg')
    const want = await deckState(first.id, deckId, OFFSET)
    const got = await deckState(second.id, again.deckId, OFFSET)
    assert.deepEqual(got, want)
    /* what was compared: the marks, the freeze, the learning card and the answers are there */
    assert.lengthOf(want.notes, 5)
    assert.deepEqual(
      want.cards.map((card) => [
        card.progress?.state ?? null,
        card.progress?.frozen ?? null,
        card.suspended,
        card.buried,
      ]),
      [
        ['review', false, false, null],
        ['review', true, false, null],
        ['learning', false, false, null],
        [null, null, true, null],
        [null, null, false, { manual: true }],
        [null, null, false, null],
      ]
    )
    assert.deepEqual(
      got.notes.map((note) => note.reversed),
      [false, false, false, false, true]
    )
    assert.lengthOf(want.reviews, 2)
    /* due at 16:00 UTC three days on: 05:00 the next date at UTC+13, the study day that began at 15:00 UTC */
    const due = new Date(Math.floor(Date.now() / DAY) * DAY + 4 * DAY)
    assert.equal(got.cards[0].progress?.due, due.toISOString().slice(0, 10))
    /* the built-in type came back as the built-in, not a copy */
    assert.deepEqual(
      got.noteTypes.map((type) => type.kind),
      ['basic']
    )
  })

  test('an Anki deck imported into Mnemo, exported and imported again comes back the same', async ({
    assert,
  }) => {
    const first = await learner()
    const { deckId } = await trip.importPackage(
      first,
      fixture('anki', 'ankidroid-templates.apkg'),
      '1-TEMPLATES',
      'apkg'
    )
    const exported = await trip.exportDeck(first, deckId)
    const second = await learner()
    const again = await trip.importPackage(second, exported, '1-TEMPLATES', 'apkg')
    assert.deepEqual(
      await deckState(second.id, again.deckId, OFFSET),
      await deckState(first.id, deckId, OFFSET)
    )
  })
})
