import { readFile } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { test } from '@japa/runner'
import type { ImportBundle } from '#importers/bundle'
import { readAnkiPackage } from '#importers/anki/read_package'
import { ORIGINAL_STOCK_KIND } from '#importers/anki/stock'
import { dueDays } from '#importers/anki/cards'
import {
  buildAnkiPackage,
  DEFAULT_CRT,
  type BuildAnkiPackageOptions,
} from '#tests/support/anki_builder'
import { filesUnder, scratch } from '#tests/unit/importers/anki/helpers'

/*
 * Packages built on the fly in Anki's current format (collection.anki21b,
 * schema 18, zstd) and, for comparison, in the two legacy forms: the same
 * collection must read the same in all three.
 */

/* Anki's day n: n study days (UTC here, rollover 4:00) after the one holding crt, from its start */
const dayStart = (n: number) => dueDays(DEFAULT_CRT, 0)(n)
const IO_FRONT =
  '{{#Header}}<div>{{Header}}</div>{{/Header}}\n<div style="display: none">{{cloze:Occlusion}}</div>\n<div ' +
  'id="image-occlusion-container">{{Image}}<canvas ' +
  'id="image-occlusion-canvas"></canvas></div>\n<script>anki.imageOcclusion.setup();</script>'
const OCCLUSIONS =
  '{{c1::image-occlusion:rect:left=.1:top=.2:width=.3:height=.4:oi=1}}<br>' +
  '{{c2::image-occlusion:ellipse:left=.5:top=.5:rx=.1:ry=.05:oi=1}}<br>' +
  '{{c2::image-occlusion:rect:left=.6:top=.1:width=.2:height=.1:angle=2500:oi=1}}<br>' +
  '{{c0::image-occlusion:text:text=Label\\: one:left=.1:top=.9:oi=1}}<br>'

const MEDIA = {
  'hola.png': Buffer.from('\x89PNG hola'),
  'hola.mp3': Buffer.from('ID3 hola'),
  'map.png': Buffer.from('\x89PNG map of Spain'),
  '_font.woff': Buffer.from('wOFF font'),
  'unused.jpg': Buffer.from('JFIF nobody uses me'),
}

/** One collection with a bit of everything the reader maps. */
function collection(): Omit<BuildAnkiPackageOptions, 'format' | 'outPath'> {
  return {
    noteTypes: [
      {
        id: 1001,
        name: 'Basic',
        originalStockKind: ORIGINAL_STOCK_KIND.basic,
        fields: ['Front', 'Back'],
        templates: [
          {
            name: 'Card 1',
            front: '{{Front}}',
            back: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}',
          },
        ],
      },
      {
        id: 1002,
        name: 'Cloze',
        cloze: true,
        originalStockKind: ORIGINAL_STOCK_KIND.cloze,
        fields: [
          { name: 'Text', tag: 0 },
          { name: 'Back Extra', tag: 1 },
        ],
        templates: [
          { name: 'Cloze', front: '{{cloze:Text}}', back: '{{cloze:Text}}<br>\n{{Back Extra}}' },
        ],
      },
      {
        id: 1003,
        name: 'Image Occlusion',
        cloze: true,
        originalStockKind: ORIGINAL_STOCK_KIND.imageOcclusion,
        fields: ['Occlusion', 'Image', 'Header', 'Back Extra', 'Comments'].map((name, tag) => ({
          name,
          tag,
        })),
        templates: [
          { name: 'Image Occlusion', front: IO_FRONT, back: `${IO_FRONT}\n{{Back Extra}}` },
        ],
      },
      {
        id: 1004,
        name: 'Vocabulary',
        css: '@font-face { font-family: x; src: url("_font.woff"); }\n.card { color: navy; }',
        /* sorted by its meaning */
        sortField: 1,
        fields: ['Word', 'Meaning', 'Example'],
        templates: [
          { name: 'Recognise', front: '{{Word}}', back: '{{FrontSide}}<hr id=answer>{{Meaning}}' },
          {
            name: 'Recall',
            front: '{{Meaning}}',
            back: '{{FrontSide}}<hr id=answer>{{Word}}<br>{{Example}}',
          },
        ],
      },
      {
        id: 1005,
        name: 'Basic (optional reversed card)',
        originalStockKind: ORIGINAL_STOCK_KIND.basicOptionalReversed,
        fields: ['Front', 'Back', 'Add Reverse'],
        templates: [
          {
            name: 'Card 1',
            front: '{{Front}}',
            back: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}',
          },
          {
            name: 'Card 2',
            front: '{{#Add Reverse}}{{Back}}{{/Add Reverse}}',
            back: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}',
          },
        ],
      },
      {
        id: 1006,
        name: 'Unused',
        fields: ['A'],
        templates: [{ name: 'Card 1', front: '{{A}}', back: '{{A}}' }],
      },
    ],
    decks: [
      { id: 1, name: 'Default' },
      { id: 2000, name: 'Languages' },
      /* "Languages::Spanish" exists only as part of this name */
      { id: 2001, name: 'Languages::Spanish::Verbs' },
      { id: 2002, name: 'Filtered Review', filtered: true },
      { id: 2003, name: 'Empty deck' },
    ],
    notes: [
      {
        id: 3001,
        guid: 'basic-guid',
        noteTypeId: 1001,
        fields: ['hola <img src="hola.png">', 'hello [sound:hola.mp3]'],
        tags: ['es', 'verbs'],
      },
      {
        id: 3002,
        guid: 'cloze-guid',
        noteTypeId: 1002,
        fields: ['{{c1::Madrid}} is the capital of {{c2::Spain}}', 'since 1561'],
      },
      {
        id: 3003,
        guid: 'io-guid',
        noteTypeId: 1003,
        fields: [
          OCCLUSIONS,
          '<img src="map.png">',
          'Capitals',
          'From the atlas',
          'check the scale',
        ],
      },
      {
        id: 3004,
        guid: 'vocab-guid',
        noteTypeId: 1004,
        fields: ['perro', 'dog', 'El perro <img src="gone.png">'],
        tags: ['animals'],
      },
      { id: 3005, guid: 'optional-guid', noteTypeId: 1005, fields: ['uno', 'one', 'y'] },
    ],
    cards: [
      /* suspended review card with an FSRS memory state */
      {
        id: 4001,
        noteId: 3001,
        deckId: 2001,
        ord: 0,
        type: 2,
        queue: -1,
        due: 100,
        ivl: 30,
        factor: 2650,
        reps: 12,
        lapses: 2,
        data: '{"s":45.2,"d":6.1,"dr":0.9}',
      },
      /* in a filtered deck: home 2001, the original due kept in odue */
      {
        id: 4002,
        noteId: 3002,
        deckId: 2002,
        odid: 2001,
        ord: 0,
        type: 2,
        queue: 2,
        due: -100_000,
        odue: 120,
        ivl: 10,
        factor: 2500,
        reps: 3,
      },
      { id: 4003, noteId: 3002, deckId: 2000, ord: 1 },
      /* learning: due is a unix time; factor 0 before graduating */
      {
        id: 4004,
        noteId: 3003,
        deckId: 2000,
        ord: 0,
        type: 1,
        queue: 1,
        due: 1_700_100_000,
        left: 2,
        reps: 1,
      },
      {
        id: 4005,
        noteId: 3003,
        deckId: 2000,
        ord: 1,
        type: 3,
        queue: 1,
        due: 1_700_200_000,
        ivl: 5,
        factor: 2100,
        reps: 9,
        lapses: 1,
      },
      /* buried for the day: not frozen */
      {
        id: 4006,
        noteId: 3004,
        deckId: 2001,
        ord: 0,
        type: 2,
        queue: -3,
        due: 50,
        ivl: 4,
        factor: 2500,
        reps: 2,
      },
      /* a suspended new card */
      { id: 4007, noteId: 3004, deckId: 2001, ord: 1, type: 0, queue: -1, due: 7 },
      { id: 4008, noteId: 3005, deckId: 2000, ord: 0 },
    ],
    revlog: [
      {
        id: 1_700_000_100_000,
        cardId: 4001,
        ease: 1,
        ivl: -600,
        lastIvl: 0,
        factor: 0,
        time: 120_000,
        type: 0,
      },
      {
        id: 1_700_000_200_000,
        cardId: 4001,
        ease: 3,
        ivl: 30,
        lastIvl: 12,
        factor: 2650,
        time: 8_000,
        type: 1,
      },
      /* a reschedule entry (ease 0): not an answer */
      {
        id: 1_700_000_300_000,
        cardId: 4001,
        ease: 0,
        ivl: 40,
        lastIvl: 30,
        factor: 2650,
        time: 0,
        type: 4,
      },
      {
        id: 1_700_000_400_000,
        cardId: 4005,
        ease: 1,
        ivl: -600,
        lastIvl: 5,
        factor: 2100,
        time: 5_000,
        type: 2,
      },
      {
        id: 1_700_000_500_000,
        cardId: 4002,
        ease: 4,
        ivl: 10,
        lastIvl: 4,
        factor: 2500,
        time: 3_000,
        type: 3,
      },
      /* a card not in the package */
      {
        id: 1_700_000_600_000,
        cardId: 9999,
        ease: 3,
        ivl: 1,
        lastIvl: 0,
        factor: 2500,
        time: 1_000,
        type: 1,
      },
    ],
    media: Object.entries(MEDIA).map(([name, data]) => ({ name, data })),
  }
}

async function built(
  format: BuildAnkiPackageOptions['format'],
  cleanup: (fn: () => Promise<void>) => void
) {
  const dir = await scratch('anki-built-')
  cleanup(dir.remove)
  const path = await buildAnkiPackage({
    format,
    outPath: dir.input(`deck-${format}.apkg`),
    ...collection(),
  })
  const bundle = await readAnkiPackage(path, dir.workDir)
  return { bundle, workDir: dir.workDir }
}

const card = (bundle: ImportBundle, key: string) =>
  bundle.cards.find((candidate) => candidate.key === key)!
const note = (bundle: ImportBundle, guid: string) =>
  bundle.notes.find((candidate) => candidate.guid === guid)!

test.group('Anki latest format (anki21b): a built package', () => {
  test('the newest collection is read, not the stub collection.anki2 that asks to update Anki', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await built('anki21b', cleanup)
    assert.sameMembers(
      bundle.notes.map((item) => item.guid),
      ['basic-guid', 'cloze-guid', 'io-guid', 'vocab-guid', 'optional-guid']
    )
    assert.lengthOf(bundle.cards, 8)
  })

  test('decks: \\x1f names become a tree with the missing level, filtered and empty Default decks are gone', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await built('anki21b', cleanup)
    assert.deepEqual(bundle.decks, [
      { key: '2000', name: 'Languages', parentKey: null },
      { key: '2003', name: 'Empty deck', parentKey: null },
      { key: 'path:Languages::Spanish', name: 'Spanish', parentKey: '2000' },
      { key: '2001', name: 'Verbs', parentKey: 'path:Languages::Spanish' },
    ])
    /* the card in the filtered deck is home again, and makes its note's deck */
    assert.equal(card(bundle, '4002').deckKey, '2001')
    assert.equal(note(bundle, 'cloze-guid').deckKey, '2001')
  })

  test('note types: every type as it came but image occlusion (drawn by Mnemo), unused left out', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await built('anki21b', cleanup)
    assert.deepEqual(
      bundle.noteTypes.map((type) => [type.name, type.kind, type.fields]),
      [
        ['Basic', 'custom', ['Front', 'Back']],
        ['Cloze', 'custom', ['Text', 'Back Extra']],
        ['Image Occlusion', 'image_occlusion', ['Image', 'Header', 'Back Extra']],
        ['Vocabulary', 'custom', ['Word', 'Meaning', 'Example']],
        ['Basic (optional reversed card)', 'custom', ['Front', 'Back', 'Add Reverse']],
      ]
    )
    const vocabulary = bundle.noteTypes.find((type) => type.name === 'Vocabulary')!
    assert.deepEqual(vocabulary.templates[1], {
      name: 'Recall',
      front: '{{Meaning}}',
      back: '{{FrontSide}}<hr id=answer>{{Word}}<br>{{Example}}',
    })
    assert.include(vocabulary.css, 'color: navy')
    /* the sort field, from Notetype.Config (schema 18) as from the model's sortf (schema 11) */
    assert.equal(vocabulary.sortField, 1)
    assert.equal(vocabulary.ankiId, '1004')
    assert.isFalse(vocabulary.isCloze)
    assert.isTrue(bundle.noteTypes.find((type) => type.name === 'Cloze')!.isCloze)
  })

  test('notes: fields by name, tags; the cloze note on the product field names', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await built('anki21b', cleanup)
    assert.deepEqual(note(bundle, 'basic-guid').fields, {
      Front: 'hola <img src="hola.png">',
      Back: 'hello [sound:hola.mp3]',
    })
    assert.deepEqual(note(bundle, 'basic-guid').tags, ['es', 'verbs'])
    assert.deepEqual(note(bundle, 'cloze-guid').fields, {
      'Text': '{{c1::Madrid}} is the capital of {{c2::Spain}}',
      'Back Extra': 'since 1561',
    })
    assert.deepEqual(note(bundle, 'optional-guid').fields, {
      'Front': 'uno',
      'Back': 'one',
      'Add Reverse': 'y',
    })
    assert.deepEqual(
      bundle.cards.filter((item) => item.noteKey === '3002').map((item) => item.ord),
      [0, 1]
    )
  })

  test('image occlusion: shapes become masks on the Image field, comments join Back Extra', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await built('anki21b', cleanup)
    const occlusion = note(bundle, 'io-guid')
    assert.deepEqual(occlusion.fields, {
      'Image': '<img src="map.png">',
      'Header': 'Capitals',
      'Back Extra': 'From the atlas<br>check the scale',
    })
    assert.deepEqual(occlusion.fieldAttachmentsMap, {
      Image: {
        hideAll: true,
        masks: [
          { id: 'm1', group: 1, x: 0.1, y: 0.2, width: 0.3, height: 0.4, angle: 0 },
          /* an ellipse: its bounding box */
          { id: 'm2', group: 2, x: 0.5, y: 0.5, width: 0.2, height: 0.1, angle: 0 },
          /* angle 2500 of 10000 steps = a quarter turn */
          { id: 'm3', group: 2, x: 0.6, y: 0.1, width: 0.2, height: 0.1, angle: 90 },
        ],
      },
    })
    const messages = bundle.warnings.map((warning) => warning.message)
    assert.include(
      messages,
      '1 image occlusion shape(s) (ellipses, polygons) became rectangles around them'
    )
    assert.include(messages, '1 image occlusion label(s) or unreadable shape(s) were dropped')
    assert.include(
      messages,
      '1 image occlusion note(s): the Comments field was added to Back Extra'
    )
  })

  test('progress: suspended review with FSRS memory state and its last answer', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await built('anki21b', cleanup)
    /* suspended is the card's own mark, not a freeze */
    assert.isTrue(card(bundle, '4001').suspended)
    assert.deepEqual(card(bundle, '4001').progress, {
      state: 'review',
      dueAt: dayStart(100),
      intervalDays: 30,
      ease: 2.65,
      reps: 12,
      lapses: 2,
      stability: 45.2,
      difficulty: 6.1,
      frozen: false,
      /* the reschedule row after it is not an answer */
      lastReviewedAt: new Date(1_700_000_200_000),
    })
  })

  test('progress: filtered-deck due from odue, learning and relearning due times, buried is not frozen', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await built('anki21b', cleanup)
    assert.deepEqual(card(bundle, '4002').progress!.dueAt, dayStart(120))
    /* a learning card keeps Anki's factor: 0, no ease yet */
    assert.deepInclude(card(bundle, '4004').progress!, {
      state: 'learning',
      dueAt: new Date(1_700_100_000_000),
      ease: 0,
      intervalDays: 0,
      lastReviewedAt: null,
    })
    assert.deepInclude(card(bundle, '4005').progress!, {
      state: 'relearning',
      dueAt: new Date(1_700_200_000_000),
      ease: 2.1,
      intervalDays: 5,
      lapses: 1,
    })
    assert.deepInclude(card(bundle, '4006').progress!, {
      state: 'review',
      frozen: false,
      dueAt: dayStart(50),
    })
    /* buried by the learner (queue −3): buried, until the next study day */
    assert.equal(card(bundle, '4006').buried, 'manual')
  })

  test('progress: a new card has none; a suspended new card keeps only its suspension', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await built('anki21b', cleanup)
    assert.isNull(card(bundle, '4003').progress)
    assert.isNull(card(bundle, '4008').progress)
    /* suspended while new: no progress, the suspension only */
    assert.isNull(card(bundle, '4007').progress)
    assert.isTrue(card(bundle, '4007').suspended)
  })

  test('reviews: 4 answers kept (no ease-0 row, no foreign card), kinds, intervals, capped duration', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await built('anki21b', cleanup)
    assert.deepEqual(bundle.reviews, [
      {
        cardKey: '4001',
        reviewedAt: new Date(1_700_000_100_000),
        rating: 1,
        kind: 'learn',
        intervalDays: 600 / 86_400,
        lastIntervalDays: 0,
        ease: 0,
        durationMs: 60_000,
      },
      {
        cardKey: '4001',
        reviewedAt: new Date(1_700_000_200_000),
        rating: 3,
        kind: 'review',
        intervalDays: 30,
        lastIntervalDays: 12,
        ease: 2.65,
        durationMs: 8_000,
      },
      {
        cardKey: '4005',
        reviewedAt: new Date(1_700_000_400_000),
        rating: 1,
        kind: 'relearn',
        intervalDays: 600 / 86_400,
        lastIntervalDays: 5,
        ease: 2.1,
        durationMs: 5_000,
      },
      /* type 3 (filtered, "cram") is a review */
      {
        cardKey: '4002',
        reviewedAt: new Date(1_700_000_500_000),
        rating: 4,
        kind: 'review',
        intervalDays: 10,
        lastIntervalDays: 4,
        ease: 2.5,
        durationMs: 3_000,
      },
    ])
    assert.include(
      bundle.warnings.map((warning) => warning.message),
      '1 review-log row(s) of cards not in the package were skipped'
    )
  })

  test(
    'media: the 4 used files (one from a custom style) extracted from zstd, the unused one left out, the ' +
      'missing one reported',
    async ({ assert, cleanup }) => {
      const { bundle, workDir } = await built('anki21b', cleanup)
      assert.sameMembers(
        bundle.media.map((media) => media.name),
        ['hola.png', 'hola.mp3', 'map.png', '_font.woff']
      )
      for (const media of bundle.media) {
        const expected = MEDIA[media.name as keyof typeof MEDIA]
        assert.deepEqual(await readFile(media.path), expected)
        assert.equal(media.size, expected.length)
      }
      const messages = bundle.warnings.map((warning) => warning.message)
      assert.include(
        messages,
        '1 media file(s) in the package are used by no note and were left out'
      )
      assert.include(messages, '1 file(s) the notes use are not in the package: gone.png')
      /* the unpacked collection and its WAL files are gone; the media folder stays */
      const folder = basename(dirname(bundle.media[0].path))
      assert.deepEqual(
        await filesUnder(workDir),
        ['_font.woff', 'hola.mp3', 'hola.png', 'map.png'].map((name) => `${folder}/${name}`)
      )
    }
  )
})

test.group('Anki package generations read alike', () => {
  test('anki21b, anki21 and anki2 forms of one collection give the same bundle (media paths aside)', async ({
    assert,
    cleanup,
  }) => {
    /* the model's other keys are schema 11 JSON, which the latest form keeps in protobuf the reader skips */
    const strip = (bundle: ImportBundle) => ({
      ...bundle,
      noteTypes: bundle.noteTypes.map((type) => ({ ...type, ankiModel: null })),
      media: bundle.media
        .map(({ name, size }) => ({ name, size }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    })
    const latest = strip((await built('anki21b', cleanup)).bundle)
    assert.deepEqual(strip((await built('anki21', cleanup)).bundle), latest)
    assert.deepEqual(strip((await built('anki2', cleanup)).bundle), latest)
  })
})

test.group('Anki note types that cannot be read', () => {
  test('notes of a note type with an unreadable config blob are skipped with a warning', async ({
    assert,
    cleanup,
  }) => {
    const dir = await scratch('anki-broken-type-')
    cleanup(dir.remove)
    const options = collection()
    options.noteTypes[3] = { ...options.noteTypes[3], rawConfig: Buffer.from([0x0f, 0xff]) }
    const path = await buildAnkiPackage({
      format: 'anki21b',
      outPath: dir.input('deck.apkg'),
      ...options,
    })
    const bundle = await readAnkiPackage(path, dir.workDir)
    assert.notInclude(
      bundle.notes.map((item) => item.guid),
      'vocab-guid'
    )
    assert.lengthOf(bundle.notes, 4)
    assert.notInclude(
      bundle.noteTypes.map((type) => type.name),
      'Vocabulary'
    )
    assert.include(
      bundle.warnings.map((warning) => warning.message),
      '1 note(s) of the note type "Vocabulary" were skipped: the note type cannot be read'
    )
    /* its cards went with it */
    assert.notInclude(
      bundle.cards.map((item) => item.key),
      '4006'
    )
  })
})
