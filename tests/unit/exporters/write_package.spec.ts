import { readFile, writeFile } from 'node:fs/promises'
import { DatabaseSync } from 'node:sqlite'
import { test } from '@japa/runner'
import type {
  BundleCard,
  BundleNote,
  BundleProgress,
  BundleReview,
  ImportBundle,
} from '#importers/bundle'
import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'
import { readAnkiPackage } from '#importers/anki/read_package'
import { writeAnkiPackage } from '#exporters/anki/write_package'
import { DAY_MS, filesUnder, fixture, scratch } from '#tests/unit/importers/anki/helpers'
import { readZip } from '#tests/support/read_zip'
import { studyDay } from '#scheduling/study_day'

/*
 * The writer, checked by reading its package back with the reader (and, for
 * the things Anki needs that the reader ignores, with SQLite directly).
 */

const builtinType = (
  key: string,
  kind: 'basic' | 'reversed' | 'cloze' | 'type_in' | 'image_occlusion'
) => {
  const definition = BUILTIN_NOTE_TYPES[kind]
  return {
    key,
    name: definition.name,
    kind,
    fields: definition.fields.map((field) => field.name),
    templates: definition.templates.map((template) => ({ ...template })),
    css: definition.css,
    isCloze: definition.isCloze,
  }
}

const UTC_MIDNIGHT = Date.UTC(2026, 2, 10)
const progress = (overrides: Partial<BundleProgress>): BundleProgress => ({
  state: 'review',
  dueAt: new Date(UTC_MIDNIGHT),
  intervalDays: 10,
  ease: 2.5,
  reps: 5,
  lapses: 0,
  stability: null,
  difficulty: null,
  frozen: false,
  lastReviewedAt: null,
  ...overrides,
})

async function sampleBundle(mediaDir: string): Promise<ImportBundle> {
  await writeFile(`${mediaDir}/cat.png`, Buffer.from('\x89PNG a cat'))
  await writeFile(`${mediaDir}/meow.mp3`, Buffer.from('ID3 meow'))
  const notes: BundleNote[] = [
    {
      key: 'n1',
      guid: 'guid-basic',
      noteTypeKey: 't-basic',
      deckKey: 'd-verbs',
      fields: { Front: 'gato <img src="cat.png">', Back: 'cat [sound:meow.mp3]' },
      tags: ['animals', 'es'],
    },
    {
      key: 'n2',
      guid: 'guid-reversed',
      noteTypeKey: 't-reversed',
      deckKey: 'd-top',
      fields: { Front: 'uno', Back: 'one' },
      tags: [],
    },
    {
      key: 'n3',
      guid: 'guid-cloze',
      noteTypeKey: 't-cloze',
      deckKey: 'd-top',
      fields: { 'Text': '{{c1::Paris}} and {{c2::Rome}}', 'Back Extra': 'capitals' },
      tags: ['geo'],
    },
    {
      key: 'n4',
      guid: 'guid-type',
      noteTypeKey: 't-type',
      deckKey: 'd-other',
      fields: { Front: '2+2', Back: '4' },
      tags: [],
    },
    {
      key: 'n5',
      guid: 'guid-io',
      noteTypeKey: 't-io',
      deckKey: 'd-other',
      fields: { 'Image': '<img src="cat.png">', 'Header': 'Parts', 'Back Extra': '' },
      tags: [],
      fieldAttachmentsMap: {
        Image: {
          hideAll: false,
          masks: [
            { id: 'm1', group: 1, x: 0.125, y: 0.25, width: 0.5, height: 0.0625, angle: 0 },
            { id: 'm2', group: 2, x: 0.3, y: 0.4, width: 0.2, height: 0.1, angle: 36 },
          ],
        },
      },
    },
    {
      key: 'n6',
      guid: 'guid-custom',
      noteTypeKey: 't-custom',
      deckKey: 'd-sub',
      fields: { Word: 'perro', Meaning: 'dog', Note: 'a <b>noun</b>' },
      tags: ['with space'],
    },
  ]
  const cards: BundleCard[] = [
    {
      key: 'c1',
      noteKey: 'n1',
      ord: 0,
      deckKey: 'd-verbs',
      progress: progress({
        stability: 12.5,
        difficulty: 4.25,
        lastReviewedAt: new Date(UTC_MIDNIGHT - 10 * DAY_MS + 3_600_000),
      }),
    },
    { key: 'c2', noteKey: 'n2', ord: 0, deckKey: 'd-top', progress: null },
    {
      key: 'c3',
      noteKey: 'n2',
      ord: 1,
      deckKey: 'd-top',
      progress: progress({
        state: 'learning',
        dueAt: new Date(Date.UTC(2026, 2, 1, 9, 30, 15)),
        intervalDays: 0,
        ease: 2.5,
        reps: 1,
      }),
    },
    {
      key: 'c4',
      noteKey: 'n3',
      ord: 0,
      deckKey: 'd-top',
      progress: progress({
        state: 'relearning',
        dueAt: new Date(Date.UTC(2026, 2, 2, 7)),
        intervalDays: 3,
        ease: 2.1,
        reps: 9,
        lapses: 2,
        lastReviewedAt: new Date(UTC_MIDNIGHT - 3 * DAY_MS),
      }),
    },
    {
      key: 'c5',
      noteKey: 'n3',
      ord: 1,
      deckKey: 'd-top',
      suspended: true,
      progress: progress({
        dueAt: new Date(UTC_MIDNIGHT + 5 * DAY_MS),
        intervalDays: 40,
        ease: 2.8,
      }),
    },
    {
      key: 'c6',
      noteKey: 'n4',
      ord: 0,
      deckKey: 'd-other',
      /* frozen while new (Mnemo's new cards have no ease): kept through Anki's custom data */
      progress: progress({
        state: 'new',
        dueAt: null,
        intervalDays: 0,
        ease: 0,
        reps: 0,
        frozen: true,
      }),
    },
    { key: 'c7', noteKey: 'n5', ord: 0, deckKey: 'd-other', progress: null },
    { key: 'c8', noteKey: 'n5', ord: 1, deckKey: 'd-other', progress: null },
    {
      key: 'c9',
      noteKey: 'n6',
      ord: 0,
      deckKey: 'd-sub',
      progress: progress({
        dueAt: new Date(UTC_MIDNIGHT - 2 * DAY_MS),
        lastReviewedAt: new Date(UTC_MIDNIGHT - 30 * DAY_MS),
      }),
    },
    { key: 'c10', noteKey: 'n6', ord: 1, deckKey: 'd-sub', progress: null },
  ]
  const reviews: BundleReview[] = [
    {
      cardKey: 'c1',
      reviewedAt: new Date(UTC_MIDNIGHT - 20 * DAY_MS),
      rating: 1,
      kind: 'learn',
      intervalDays: 600 / 86_400,
      lastIntervalDays: 0,
      ease: 0,
      durationMs: 12_000,
    },
    {
      cardKey: 'c1',
      reviewedAt: new Date(UTC_MIDNIGHT - 10 * DAY_MS + 3_600_000),
      rating: 3,
      kind: 'review',
      intervalDays: 10,
      lastIntervalDays: 4,
      ease: 2.5,
      durationMs: 4_321,
    },
    {
      cardKey: 'c4',
      reviewedAt: new Date(UTC_MIDNIGHT - 3 * DAY_MS),
      rating: 1,
      kind: 'relearn',
      intervalDays: 1 / 144,
      lastIntervalDays: 20,
      ease: 2.1,
      durationMs: 9_000,
    },
    {
      cardKey: 'c9',
      reviewedAt: new Date(UTC_MIDNIGHT - 30 * DAY_MS),
      rating: 4,
      kind: 'manual',
      intervalDays: 8,
      lastIntervalDays: 2,
      ease: 2.65,
      durationMs: 500,
    },
  ]
  return {
    format: 'apkg',
    noteTypes: [
      builtinType('t-basic', 'basic'),
      builtinType('t-reversed', 'reversed'),
      builtinType('t-cloze', 'cloze'),
      builtinType('t-type', 'type_in'),
      builtinType('t-io', 'image_occlusion'),
      {
        key: 't-custom',
        name: 'Vocabulary',
        kind: 'custom',
        fields: ['Word', 'Meaning', 'Note'],
        templates: [
          { name: 'Forward', front: '{{Word}}', back: '{{FrontSide}}<hr id=answer>{{Meaning}}' },
          {
            name: 'Backward',
            front: '{{Meaning}}',
            back: '{{FrontSide}}<hr id=answer>{{Word}} {{Note}}',
          },
        ],
        css: '.card { color: teal; }',
        isCloze: false,
      },
    ],
    decks: [
      { key: 'd-top', name: 'Languages', parentKey: null },
      { key: 'd-verbs', name: 'Verbs', parentKey: 'd-top' },
      { key: 'd-sub', name: 'Irregular', parentKey: 'd-verbs' },
      { key: 'd-other', name: 'Part 1::2', parentKey: null },
    ],
    notes,
    cards,
    reviews,
    media: [
      { name: 'cat.png', path: `${mediaDir}/cat.png`, size: 11 },
      { name: 'meow.mp3', path: `${mediaDir}/meow.mp3`, size: 8 },
    ],
    warnings: [],
  }
}

/** What must survive a round trip, keyed by what survives (guids, deck paths, ords), not by ids. */
function comparable(bundle: ImportBundle) {
  const decks = new Map(bundle.decks.map((deck) => [deck.key, deck]))
  const path = (key: string): string => {
    const deck = decks.get(key)!
    return deck.parentKey ? `${path(deck.parentKey)}::${deck.name}` : deck.name
  }
  const notes = new Map(bundle.notes.map((note) => [note.key, note]))
  const types = new Map(bundle.noteTypes.map((type) => [type.key, type]))
  const cardName = (key: string) => {
    const card = bundle.cards.find((candidate) => candidate.key === key)!
    return `${notes.get(card.noteKey)!.guid}#${card.ord}`
  }
  return {
    decks: bundle.decks.map((deck) => path(deck.key)).sort(),
    noteTypes: bundle.noteTypes
      .map((type) => ({
        name: type.name,
        kind: type.kind,
        fields: type.fields,
        templates: type.templates,
        isCloze: type.isCloze,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    notes: bundle.notes
      .map((note) => ({
        guid: note.guid,
        type: types.get(note.noteTypeKey)!.name,
        deck: path(note.deckKey),
        fields: note.fields,
        tags: note.tags,
        attachments: note.fieldAttachmentsMap ?? null,
      }))
      .sort((a, b) => a.guid.localeCompare(b.guid)),
    cards: bundle.cards
      .map((card) => ({
        card: cardName(card.key),
        deck: path(card.deckKey),
        suspended: Boolean(card.suspended),
        buried: card.buried ?? null,
        /* a review is due on a study day (UTC, rollover 4:00 here), whatever the hour */
        progress:
          card.progress?.state === 'review' && card.progress.dueAt
            ? { ...card.progress, dueAt: studyDay(card.progress.dueAt, 0) }
            : card.progress,
      }))
      .sort((a, b) => a.card.localeCompare(b.card)),
    reviews: bundle.reviews
      .map(({ cardKey, ...review }) => ({ card: cardName(cardKey), ...review }))
      .sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime()),
  }
}

test.group('Anki writer: a legacy .apkg read back gives the same deck', () => {
  test('notes, fields, tags, note types, cards, decks, progress, reviews and masks survive', async ({
    assert,
    cleanup,
  }) => {
    const dir = await scratch('anki-write-')
    cleanup(dir.remove)
    const original = await sampleBundle(dir.root)
    const out = dir.input('out.apkg')
    await writeAnkiPackage(original, out)
    const back = await readAnkiPackage(out, dir.workDir)
    const expected = comparable(original)
    /* a deck level cannot hold Anki's separator; a tag cannot hold a space */
    expected.decks = expected.decks.map((deck) => deck.replace('Part 1::2', 'Part 1:2'))
    for (const item of [...expected.notes, ...expected.cards])
      item.deck = item.deck.replace('Part 1::2', 'Part 1:2')
    expected.notes.find((item) => item.guid === 'guid-custom')!.tags = ['with_space']
    assert.deepEqual(comparable(back), expected)
    assert.deepEqual(back.warnings, [])
  })

  test('media: the files and names come back byte for byte', async ({ assert, cleanup }) => {
    const dir = await scratch('anki-write-')
    cleanup(dir.remove)
    const out = dir.input('out.apkg')
    await writeAnkiPackage(await sampleBundle(dir.root), out)
    const back = await readAnkiPackage(out, dir.workDir)
    assert.deepEqual(back.media.map((media) => [media.name, media.size]).sort(), [
      ['cat.png', 11],
      ['meow.mp3', 8],
    ])
    for (const media of back.media)
      assert.deepEqual(await readFile(media.path), await readFile(`${dir.root}/${media.name}`))
  })

  test('what Anki needs: schema 11, stock kinds marked, v2 scheduling, Default deck, JSON media map', async ({
    assert,
    cleanup,
  }) => {
    const dir = await scratch('anki-write-')
    cleanup(dir.remove)
    const out = dir.input('out.apkg')
    await writeAnkiPackage(await sampleBundle(dir.root), out)
    const entries = await readZip(out)
    assert.sameMembers([...entries.keys()], ['collection.anki2', 'media', '0', '1'])
    assert.deepEqual(JSON.parse(entries.get('media')!.toString()), { 0: 'cat.png', 1: 'meow.mp3' })
    await writeFile(dir.input('c.anki2'), entries.get('collection.anki2')!)
    const db = new DatabaseSync(dir.input('c.anki2'), { readOnly: true })
    cleanup(async () => db.close())
    assert.equal((db.prepare('PRAGMA integrity_check').get() as any).integrity_check, 'ok')
    const col = db.prepare('SELECT ver, crt, conf, models, decks, dconf FROM col').get() as any
    assert.equal(col.ver, 11)
    /*
     * crt: the start (rollover 4:00, UTC here) of the study day of the oldest review, 30 days before at
     * midnight: the day before it
     */
    assert.equal(col.crt * 1000, UTC_MIDNIGHT - 31 * DAY_MS + 4 * 3_600_000)
    assert.equal(JSON.parse(col.conf).schedVer, 2)
    const models = Object.values(JSON.parse(col.models)) as any[]
    const stockKinds = Object.fromEntries(
      models.map((model) => [model.name, model.originalStockKind ?? 0])
    )
    assert.deepEqual(stockKinds, {
      'Basic': 1,
      'Basic (and reversed card)': 2,
      'Cloze': 5,
      'Basic (type in the answer)': 4,
      'Image Occlusion': 6,
      'Vocabulary': 0,
    })
    const io = models.find((model) => model.name === 'Image Occlusion')
    assert.equal(io.type, 1)
    assert.deepEqual(
      io.flds.map((field: any) => field.name),
      ['Occlusion', 'Image', 'Header', 'Back Extra', 'Comments']
    )
    assert.include(io.tmpls[0].qfmt, '{{cloze:Occlusion}}')
    const decks = Object.values(JSON.parse(col.decks)).map((deck: any) => [
      deck.id === 1,
      deck.name,
    ])
    assert.sameDeepMembers(decks, [
      [true, 'Default'],
      [false, 'Languages'],
      [false, 'Languages::Verbs'],
      [false, 'Languages::Verbs::Irregular'],
      [false, 'Part 1:2'],
    ])
    assert.property(JSON.parse(col.dconf), '1')
    /* the image occlusion note's shapes as Anki writes them: 4 decimals, angle in 1/10000 turns */
    const ioNote = db.prepare("SELECT flds FROM notes WHERE guid = 'guid-io'").get() as any
    assert.equal(
      ioNote.flds.split('\x1f')[0],
      '{{c1::image-occlusion:rect:left=.125:top=.25:width=.5:height=.0625}}<br>' +
        '{{c2::image-occlusion:rect:left=.3:top=.4:width=.2:height=.1:angle=1000}}<br>'
    )
    /* scheduling columns: the suspended review card and the learning card */
    const rows = db
      .prepare('SELECT type, queue, due, ivl, factor, data FROM cards ORDER BY id')
      .all() as any[]
    assert.deepInclude(rows[4], { type: 2, queue: -1, due: 35, ivl: 40, factor: 2800 })
    assert.deepInclude(rows[2], { type: 1, queue: 1, due: Date.UTC(2026, 2, 1, 9, 30, 15) / 1000 })
    assert.deepEqual(JSON.parse(rows[0].data), {
      s: 12.5,
      d: 4.25,
      lrt: (UTC_MIDNIGHT - 10 * DAY_MS + 3_600_000) / 1000,
    })
    const revlog = db.prepare('SELECT ivl, lastIvl, type FROM revlog ORDER BY id').all() as any[]
    assert.deepEqual(
      revlog.map((row) => [row.ivl, row.lastIvl, row.type]),
      [
        [8, 2, 4],
        [-600, 0, 0],
        [10, 4, 1],
        [-600, 20, 2],
      ]
    )
  })

  test('the temporary collection is gone after writing', async ({ assert, cleanup }) => {
    const dir = await scratch('anki-write-')
    cleanup(dir.remove)
    await writeAnkiPackage(await sampleBundle(dir.root), dir.input('out.apkg'))
    assert.deepEqual(await filesUnder(dir.root), ['cat.png', 'meow.mp3', 'out.apkg'])
  })

  test('ankidroid-templates.apkg read, written and read again keeps its figures and progress', async ({
    assert,
    cleanup,
  }) => {
    const dir = await scratch('anki-write-')
    cleanup(dir.remove)
    const first = await readAnkiPackage(fixture('ankidroid-templates.apkg'), `${dir.root}/first`)
    await writeAnkiPackage(first, dir.input('again.apkg'))
    const second = await readAnkiPackage(dir.input('again.apkg'), `${dir.root}/second`)
    assert.deepEqual(comparable(second), comparable(first))
    assert.deepEqual(
      [second.notes.length, second.cards.length, second.reviews.length, second.decks.length],
      [48, 146, 102, 8]
    )
  })
})
