import { test } from '@japa/runner'
import { DatabaseSync } from 'node:sqlite'
import { SCHEMA11_TABLES } from '#importers/anki/schema11'
import { dueDays, progressOf } from '#importers/anki/cards'
import { addDays, studyDay, studyDayBounds } from '#scheduling/study_day'
import { openContent } from '#importers/anki/content'
import { buildDeckTree, splitDeckName } from '#importers/anki/deck_tree'
import { MediaReferences } from '#importers/anki/media'
import { readNoteTypes } from '#importers/anki/note_types'
import { NoteTally, noteReferences, readNotes } from '#importers/anki/notes'
import { ReviewReader } from '#importers/anki/revlog'
import { Warnings, type SourceCollection, type SourceDeck } from '#importers/anki/source'

/* the content modules of the Anki reader on a schema-11 collection in memory, rows as Anki stores them */

const CRT = 1_700_000_000
const deck = (id: string, name: string, filtered = false): [string, SourceDeck] => [
  id,
  { id, path: splitDeckName(name, '::'), filtered },
]
const BASIC = {
  id: '7',
  name: 'Basic',
  cloze: false,
  css: '',
  originalStockKind: 1,
  fields: [
    { name: 'Front', tag: null },
    { name: 'Back', tag: null },
  ],
  templates: [{ name: 'Card 1', front: '{{Front}}', back: '{{FrontSide}}<hr id=answer>{{Back}}' }],
}
const CUSTOM = {
  id: '8',
  name: 'Vocab',
  cloze: false,
  css: '',
  originalStockKind: 0,
  fields: [
    { name: 'Word', tag: null },
    { name: 'Meaning', tag: null },
  ],
  templates: [{ name: 'Card', front: '{{Word}}', back: '{{Meaning}}' }],
}

function collection(): { db: DatabaseSync; source: SourceCollection } {
  const db = new DatabaseSync(':memory:')
  db.exec(SCHEMA11_TABLES)
  const note = db.prepare("INSERT INTO notes VALUES (?, ?, ?, 0, 0, ?, ?, '', 0, 0, '')")
  note.run(1, 'g1', 7, ' french  vocab ', 'chat\x1fcat')
  note.run(2, 'g2', 8, '', 'chien\x1fdog\x1fextra')
  note.run(3, 'g3', 99, '', 'x\x1fy')
  note.run(4, 'g4', 9, '', 'x\x1fy')
  note.run(5, 'g5', 7, '', 'no\x1fcards')
  const card = db.prepare(
    'INSERT INTO cards VALUES (?, ?, ?, 0, 0, 0, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, 0, ?)'
  )
  /* id, nid, did, type, queue, due, ivl, factor, reps, lapses, odue, odid, data */
  card.run(10, 1, 2, 2, 2, 30, 12, 2500, 4, 1, 0, 0, '{"s":3.5,"d":6.1}')
  card.run(11, 2, 3, 0, -1, 1, 0, 0, 0, 0, 0, 0, '')
  card.run(12, 42, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0, '')
  const review = db.prepare('INSERT INTO revlog VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?)')
  /* id (ms), cid, ease, ivl, lastIvl, factor, time, type */
  review.run(1_699_000_000_000, 10, 1, -600, 0, 2500, 8_000, 0)
  review.run(1_699_100_000_000, 10, 3, 12, 4, 2500, 300_000, 1)
  review.run(1_699_200_000_000, 10, 0, 0, 12, 2500, 0, 4)
  review.run(1_699_300_000_000, 99, 3, 1, 1, 2500, 1_000, 1)
  const source: SourceCollection = {
    crt: CRT,
    noteTypes: new Map([
      ['7', BASIC],
      ['8', CUSTOM],
    ]),
    brokenNoteTypes: new Map([['9', 'Broken type']]),
    decks: new Map([
      deck('1', 'Default'),
      deck('2', 'Languages::French'),
      deck('5', 'Filtered', true),
    ]),
  }
  return { db, source }
}

test.group('Anki reader: notes, cards and review history', () => {
  test('notes: fields by the note type, tags split; notes of unknown or broken types skipped, with warnings', ({
    assert,
  }) => {
    const { db, source } = collection()
    const warnings = new Warnings()
    const tally = new NoteTally()
    const notes = new Map(
      [...readNotes(db, source, readNoteTypes(source.noteTypes), tally)].map((note) => [
        note.key,
        note,
      ])
    )
    tally.report(source, warnings)
    assert.deepEqual([...notes.keys()], ['1', '2', '5'])
    assert.deepEqual(notes.get('1'), {
      key: '1',
      guid: 'g1',
      noteTypeKey: '7',
      deckKey: '',
      fields: { Front: 'chat', Back: 'cat' },
      tags: ['french', 'vocab'],
    })
    assert.deepEqual(notes.get('2')!.fields, { Word: 'chien', Meaning: 'dog' })
    assert.deepEqual(
      warnings.list.map((warning) => warning.message),
      [
        '1 note(s) of the note type "Broken type" were skipped: the note type cannot be read',
        '1 note(s) use a note type missing from the package and were skipped',
        '1 note(s) had more fields than their note type; the extra fields were dropped',
      ]
    )
  })

  test("cards: a card in a deck missing from the package goes to Default; the first card sets the note's deck", ({
    assert,
  }) => {
    const { db, source } = collection()
    const warnings = new Warnings()
    const content = openContent(db, source, 'apkg', warnings)
    const batches = [...content.batches(1000)]
    const cards = batches.flatMap((batch) => batch.cards)
    const notes = new Map(batches.flatMap((batch) => batch.notes).map((note) => [note.key, note]))
    assert.deepEqual(
      cards.map((card) => card.key),
      ['10', '11']
    )
    assert.deepEqual(
      cards.map((card) => [card.key, card.noteKey, card.deckKey]),
      [
        ['10', '1', '2'],
        ['11', '2', '1'],
      ]
    )
    assert.equal(notes.get('2')!.deckKey, '1')
    /* the note without cards is not in any batch */
    assert.deepEqual([...notes.keys()], ['1', '2'])
    assert.equal(content.noteCount, 2)
    assert.deepEqual(content.decks, [
      { key: '1', name: 'Default', parentKey: null },
      { key: 'path:Languages', name: 'Languages', parentKey: null },
      { key: '2', name: 'French', parentKey: 'path:Languages' },
    ])
    assert.deepEqual(
      warnings.list.map((warning) => warning.message),
      [
        '1 note(s) of the note type "Broken type" were skipped: the note type cannot be read',
        '1 note(s) use a note type missing from the package and were skipped',
        '1 note(s) had more fields than their note type; the extra fields were dropped',
        '1 card(s) without a readable note were skipped',
        '1 card(s) were in a deck missing from the package and were put in Default',
        '1 note(s) without cards were skipped',
        '1 review-log row(s) of cards not in the package were skipped',
      ]
    )
    /* a review card: due days counted from crt, FSRS state from data, last answered at its latest answer */
    assert.deepEqual(cards[0].progress, {
      state: 'review',
      dueAt: dueDays(CRT, 0)(30),
      intervalDays: 12,
      ease: 2.5,
      reps: 4,
      lapses: 1,
      stability: 3.5,
      difficulty: 6.1,
      frozen: false,
      lastReviewedAt: new Date(1_699_100_000_000),
    })
    /* a suspended new card: no progress, its suspension */
    assert.isNull(cards[1].progress)
    assert.isTrue(cards[1].suspended)
  })

  test("batches: any size gives the same notes, cards and answers, each answer with its card's batch", ({
    assert,
  }) => {
    const { db, source } = collection()
    /* each batch's answers read before the next batch is asked for, as the writer does */
    const read = (size: number) => {
      const batches = []
      for (const batch of openContent(db, source, 'apkg', new Warnings()).batches(size))
        batches.push({ ...batch, reviews: [...batch.reviews] })
      return batches
    }
    const whole = read(1000)
    const single = read(1)
    assert.lengthOf(whole, 1)
    assert.deepEqual(
      single.map((batch) => batch.notes.map((note) => note.key)),
      [['1'], ['2']]
    )
    assert.deepEqual(
      single.map((batch) => batch.cards.map((card) => card.key)),
      [['10'], ['11']]
    )
    assert.deepEqual(
      single.map((batch) => batch.reviews.map((review) => review.cardKey)),
      [['10', '10'], []]
    )
    assert.deepEqual(
      single.flatMap((batch) => batch.notes),
      whole[0].notes
    )
    assert.deepEqual(
      single.flatMap((batch) => batch.cards),
      whole[0].cards
    )
    assert.deepEqual(
      single.flatMap((batch) => batch.reviews),
      whole[0].reviews
    )
  })

  test('media references: read from the fields the notes will have, only in notes that can hold one', ({
    assert,
  }) => {
    const { db, source } = collection()
    db.exec('DELETE FROM notes')
    const note = db.prepare("INSERT INTO notes VALUES (?, ?, ?, 0, 0, '', ?, '', 0, 0, '')")
    note.run(20, 'r1', 7, '<img src="a.png">\x1f[sound:b.mp3]')
    note.run(21, 'r2', 7, 'x\x1fy\x1f<img src="beyond the fields.png">')
    note.run(22, 'r3', 99, '<img src="unknown type.png">\x1f')
    note.run(23, 'r4', 8, '<div style="background: url(c.jpg)">w</div>\x1fplain')
    const references = new MediaReferences()
    noteReferences(db, readNoteTypes(source.noteTypes), references)
    assert.deepEqual([...references.written.keys()], ['a.png', 'b.mp3', 'c.jpg'])
  })

  test('progress: learning due is a unix time; a card in a filtered deck keeps its original due', ({
    assert,
  }) => {
    const learning = progressOf(
      {
        type: 1,
        queue: 1,
        due: 1_700_000_600,
        ivl: -600,
        factor: 0,
        reps: 1,
        lapses: 0,
        odid: '0',
        data: '',
      },
      dueDays(CRT, 0),
      undefined
    )
    /* a learning card's factor 0 is Anki's "no ease yet", kept as it is */
    assert.deepEqual(learning, {
      state: 'learning',
      dueAt: new Date(1_700_000_600_000),
      intervalDays: 0,
      ease: 0,
      reps: 1,
      lapses: 0,
      stability: null,
      difficulty: null,
      frozen: false,
      lastReviewedAt: null,
    })
    const filtered = progressOf(
      {
        type: 2,
        queue: 2,
        due: -100_000,
        odue: 5,
        odid: '5',
        ivl: 3,
        factor: 2300,
        reps: 2,
        lapses: 0,
        data: '{"lrt":1699999000}',
      },
      dueDays(CRT, 0),
      undefined
    )
    /* day 5 starts at the rollover hour, 5 study days after the one holding crt */
    assert.deepEqual(
      filtered?.dueAt,
      studyDayBounds(addDays(studyDay(new Date(CRT * 1000), 0), 5), 0).start
    )
    assert.deepEqual(filtered?.lastReviewedAt, new Date(1_699_999_000_000))
    assert.isNull(progressOf({ type: 0, queue: 0, due: 1, odid: '0' }, dueDays(CRT, 0), undefined))
  })

  test('review history: answers only, intervals in days, durations capped at 60 s, orphans warned about', ({
    assert,
  }) => {
    const { db } = collection()
    const warnings = new Warnings()
    const reader = new ReviewReader(db)
    /* the answers of the cards read count as read; the others are orphans */
    reader.latest(['10', '11'])
    const reviews = [...reader.answers(['10', '11'])]
    reader.report(warnings)
    assert.deepEqual(reviews, [
      {
        cardKey: '10',
        reviewedAt: new Date(1_699_000_000_000),
        rating: 1,
        kind: 'learn',
        intervalDays: 600 / 86_400,
        lastIntervalDays: 0,
        ease: 2.5,
        durationMs: 8_000,
      },
      {
        cardKey: '10',
        reviewedAt: new Date(1_699_100_000_000),
        rating: 3,
        kind: 'review',
        intervalDays: 12,
        lastIntervalDays: 4,
        ease: 2.5,
        durationMs: 60_000,
      },
    ])
    assert.deepEqual(
      warnings.list.map((warning) => warning.message),
      ['1 review-log row(s) of cards not in the package were skipped']
    )
    assert.deepEqual(
      [...new ReviewReader(db).latest(['10', '11', '99'])],
      [
        ['10', 1_699_100_000_000],
        ['99', 1_699_300_000_000],
      ]
    )
  })
})

test.group('Anki reader: the deck tree', () => {
  test('levels that exist only in a name become decks; names compare without case; filtered decks are left out', ({
    assert,
  }) => {
    const tree = buildDeckTree(
      new Map([
        deck('1', 'Default'),
        deck('3', 'a::B::c'),
        deck('4', 'A::b'),
        deck('6', 'Dyn', true),
      ])
    )
    assert.deepEqual(tree.decks(), [
      /* the shorter name comes first and names the shared levels */
      { key: 'path:A', name: 'A', parentKey: null },
      { key: '4', name: 'b', parentKey: 'path:A' },
      { key: '3', name: 'c', parentKey: '4' },
    ])
    assert.equal(tree.fallback(), '1')
    tree.use('1')
    assert.deepEqual(
      tree.decks().map((d) => d.key),
      ['1', 'path:A', '4', '3']
    )
  })

  test('without a normal Default deck the fallback is a new Default', ({ assert }) => {
    const tree = buildDeckTree(new Map([deck('1', 'Default', true)]))
    assert.equal(tree.fallback(), 'path:Default')
    assert.deepEqual(splitDeckName(' :: ', '::'), ['Default'])
    assert.deepEqual(splitDeckName('A\x1fB ', '\x1f'), ['A', 'B'])
  })
})
