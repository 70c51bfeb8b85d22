import { test } from '@japa/runner'
import { join } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { makeUser, resetState } from '#tests/support/helpers'
import { pngBytes, wavBytes } from '#tests/support/content'
import { buildAnkiPackage } from '#tests/support/anki_builder'
import { readAnkiTestPackage } from '#tests/support/anki_package'
import { collectionView, learnerDay } from '#tests/support/anki_collection_view'
import { RoundTrip } from '#tests/support/anki_round_trip'

/*
 * Issue 32 §2, the scheduling Anki keeps, through Mnemo and back, for a
 * learner at UTC−10 (their study day starts at 14:00 UTC) whose Anki
 * collection was made at 02:00 their time, before the 4:00 rollover: Anki's
 * day 0 is then the day before the calendar day of `crt`. Either way of the
 * old bug (the creation written at midnight UTC, or read literally) moved
 * every due date by a day here.
 */

const OFFSET = -600
/* 2026-01-10 02:00 at UTC−10: Anki's day 0 is the study day 2026-01-09 */
const CRT = Date.UTC(2026, 0, 10, 12) / 1000
const HOUR = 3_600_000
const NOW = Date.now()
/* a time Anki's ids can carry: the note or card was made then */
const made = (daysAgo: number) => NOW - daysAgo * 86_400_000

const BASIC = {
  id: 1_600_000_000_001,
  name: 'Basic copy',
  css: '.card { font-family: Georgia; color: #333; }',
  /* sorted by the back, so sfld is the back's text */
  sortField: 1,
  fields: ['Front', 'Back'],
  templates: [
    {
      name: 'Recto',
      front: '<div class=q>{{Front}}</div>',
      back: '{{FrontSide}}<hr id=answer>{{Back}}',
    },
  ],
}

const notes = [
  { id: made(40), guid: 'g-review', fields: ['review me', 'a'] },
  { id: made(39), guid: 'g-suspended', fields: ['suspended review', 'b'] },
  { id: made(38), guid: 'g-suspended-new', fields: ['suspended new', 'c'] },
  { id: made(37), guid: 'g-buried', fields: ['buried by hand', 'd'] },
  { id: made(36), guid: 'g-sibling', fields: ['buried with a sibling', 'e'] },
  { id: made(35), guid: 'g-learning', fields: ['learning', 'f'] },
  { id: made(34), guid: 'g-relearning', fields: ['relearning', 'g'] },
  { id: made(33), guid: 'g-empty', fields: ['', 'the first field is empty'] },
  {
    id: made(32),
    guid: 'g-media',
    fields: ['x', '<img src="pic.png"> and [sound:hi.wav] <b>spoken</b>&nbsp;here'],
  },
].map((note) => ({ ...note, noteTypeId: BASIC.id }))

const card = (index: number, columns: Record<string, number>) => ({
  id: notes[index].id + 7,
  noteId: notes[index].id,
  deckId: 1_600_000_000_100,
  ord: 0,
  ...columns,
})

const cards = [
  card(0, { type: 2, queue: 2, due: 30, ivl: 12, factor: 2350, reps: 5, lapses: 1 }),
  card(1, { type: 2, queue: -1, due: 40, ivl: 20, factor: 2500, reps: 4 }),
  card(2, { type: 0, queue: -1, due: 3 }),
  card(3, { type: 2, queue: -3, due: 5, ivl: 3, factor: 2100, reps: 2 }),
  card(4, { type: 0, queue: -2, due: 5 }),
  card(5, { type: 1, queue: 1, due: Math.floor(NOW / 1000) + 600, factor: 2300, reps: 1, left: 1 }),
  card(6, { type: 3, queue: 1, due: Math.floor(NOW / 1000) + 900, ivl: 4, factor: 2100, reps: 9 }),
  card(7, { type: 0, queue: 0, due: 6 }),
  card(8, { type: 0, queue: 0, due: 7 }),
]

const revlog = [
  {
    id: made(20),
    cardId: cards[0].id,
    ease: 3,
    ivl: 5,
    lastIvl: 2,
    factor: 2350,
    time: 6000,
    type: 1,
  },
  {
    id: made(8),
    cardId: cards[0].id,
    ease: 3,
    ivl: 12,
    lastIvl: 5,
    factor: 2350,
    time: 4000,
    type: 1,
  },
  {
    id: NOW - HOUR,
    cardId: cards[5].id,
    ease: 1,
    ivl: -600,
    lastIvl: 0,
    factor: 0,
    time: 3000,
    type: 0,
  },
]

async function ankiPackage(trip: RoundTrip) {
  return buildAnkiPackage({
    format: 'anki2',
    outPath: join(await trip.scratch(), 'Languages.apkg'),
    crt: CRT,
    noteTypes: [BASIC],
    decks: [{ id: 1_600_000_000_100, name: 'Languages' }],
    notes,
    cards,
    revlog,
    media: [
      { name: 'pic.png', data: pngBytes() },
      { name: 'hi.wav', data: wavBytes() },
    ],
  })
}

async function learner() {
  const user = await makeUser()
  user.timezoneOffset = OFFSET
  await user.save()
  return user
}

const cardRow = (user: User, guid: string) =>
  db
    .from('cards as c')
    .join('notes as n', 'n.id', 'c.note_id')
    .where('n.user_id', user.id)
    .where('n.guid', guid)
    .select('c.*', 'n.created_at as note_created_at')
    .firstOrFail()

test.group("Anki round trip: scheduling in the learner's time zone and rollover", (group) => {
  const trip = new RoundTrip()
  group.each.setup(() => resetState())
  group.each.teardown(() => trip.cleanUp())

  test('the import keeps due days, suspensions, burials, ease, creation times and empty first fields', async ({
    assert,
  }) => {
    const user = await learner()
    await trip.importPackage(user, await ankiPackage(trip), 'Languages', 'apkg')

    const review = await cardRow(user, 'g-review')
    const progress = await db.from('card_progress').where('card_id', review.id).firstOrFail()
    /* day 30 of a collection whose day 0 is 2026-01-09: 2026-02-08, from 14:00 UTC */
    assert.equal(learnerDay(progress.due_at.getTime(), OFFSET), '2026-02-08')
    assert.equal(progress.due_at.toISOString(), '2026-02-08T14:00:00.000Z')
    assert.equal(progress.ease_permille, 2350)
    /* Anki's ids are creation times: `added:` and the statistics see them */
    assert.equal(review.created_at.getTime(), notes[0].id + 7)
    assert.equal(review.note_created_at.getTime(), notes[0].id)

    for (const guid of ['g-suspended', 'g-suspended-new']) {
      const row = await cardRow(user, guid)
      assert.isOk(await db.from('card_suspensions').where('card_id', row.id).first(), guid)
      const kept = await db.from('card_progress').where('card_id', row.id).first()
      assert.isFalse(Boolean(kept?.frozen), `${guid} is suspended, not frozen`)
    }
    const nextDay = Date.parse(`${learnerDay(Date.now(), OFFSET)}T14:00:00Z`) + 86_400_000
    for (const [guid, manual] of [
      ['g-buried', true],
      ['g-sibling', false],
    ] as const) {
      const burial = await db
        .from('card_burials')
        .where('card_id', (await cardRow(user, guid)).id)
        .firstOrFail()
      assert.equal(burial.manual, manual, guid)
      assert.equal(burial.until.getTime(), nextDay, `${guid} is buried until the next study day`)
    }
    const learning = await db
      .from('card_progress')
      .where('card_id', (await cardRow(user, 'g-learning')).id)
      .firstOrFail()
    assert.equal(learning.ease_permille, 2300)
    const empty = await db.from('notes').where('user_id', user.id).where('guid', 'g-empty').first()
    assert.deepEqual(empty?.fields, { Front: '', Back: 'the first field is empty' })
    const media = await db.from('notes').where('user_id', user.id).where('guid', 'g-media').first()
    /* the sound tag stays a tag, pointing at the stored file */
    assert.match(media.fields.Back, /\[sound:\/media\/[0-9a-f-]+\.wav\]/)
    assert.notInclude(media.fields.Back, '<audio')
    const type = await db.from('note_types').where('user_id', user.id).firstOrFail()
    assert.deepInclude(type, { kind: 'custom', name: 'Basic copy', css: BASIC.css, sort_field: 1 })
    assert.deepEqual(type.templates, BASIC.templates)
  })

  test("exported again, the collection is the same to the day, crt at the learner's rollover", async ({
    assert,
  }) => {
    const user = await learner()
    const path = await ankiPackage(trip)
    const original = await readAnkiTestPackage(path)
    assert.deepEqual(original.problems, [])
    const { deckId } = await trip.importPackage(user, path, 'Languages', 'apkg')
    const back = await readAnkiTestPackage(await trip.exportDeck(user, deckId))
    assert.deepEqual(back.problems, [])
    assert.deepEqual(collectionView(back, OFFSET), collectionView(original, OFFSET))
    /* crt is the start of one of the learner's study days: 14:00 UTC */
    assert.equal(new Date(back.col.crt * 1000).toISOString().slice(11), '14:00:00.000Z')
    const byGuid = (pkg: typeof back, guid: string) => {
      const note = pkg.notes.find((row) => row.guid === guid)!
      return { note, card: pkg.cards.find((row) => row.nid === note.id)! }
    }
    const due = (pkg: typeof back) =>
      learnerDay((pkg.col.crt + byGuid(pkg, 'g-review').card.due * 86_400) * 1000, OFFSET)
    assert.equal(due(back), '2026-02-08')
    assert.equal(due(original), '2026-02-08')
    /* a removed card whatever its state, buried ones as Anki buries, a learning card's own factor */
    assert.equal(byGuid(back, 'g-suspended').card.queue, -1)
    assert.equal(byGuid(back, 'g-suspended-new').card.queue, -1)
    assert.equal(byGuid(back, 'g-buried').card.queue, -3)
    assert.equal(byGuid(back, 'g-sibling').card.queue, -2)
    assert.equal(byGuid(back, 'g-learning').card.factor, 2300)
    /* sorted by the back: the sound tag's file and the picture's src are kept in sfld */
    const media = byGuid(back, 'g-media').note
    assert.equal(media.sfld, ' pic.png  and [sound:hi.wav] spoken here')
    assert.include(media.flds, '[sound:hi.wav]')
    assert.equal(byGuid(back, 'g-empty').note.flds, '\x1fthe first field is empty')
    assert.equal(back.models[String(BASIC.id)].name, 'Basic copy')
    assert.equal(back.models[String(BASIC.id)].sortf, 1)
  })
})
