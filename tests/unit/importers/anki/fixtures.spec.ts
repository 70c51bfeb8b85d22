import { readdirSync } from 'node:fs'
import { copyFile, readFile } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { test } from '@japa/runner'
import type { ImportBundle } from '#importers/bundle'
import { readAnkiPackage } from '#importers/anki/read_package'
import { filesUnder, FIXTURES, fixture, scratch } from '#tests/unit/importers/anki/helpers'

/*
 * The real packages in tests/fixtures/anki. Every figure below was read
 * from the package itself with sqlite3 (notes, cards, revlog, col.decks,
 * col.models, the media map), not from the reader.
 */

interface Figures {
  format: ImportBundle['format']
  noteTypes: number
  decks: number
  notes: number
  cards: number
  reviews: number
  media: number
}

const FIGURES: Record<string, Figures> = {
  /* 11 decks: Default (empty, dropped), 2 filtered, 8 normal */
  'ankidroid-templates.apkg': {
    format: 'apkg',
    noteTypes: 9,
    decks: 8,
    notes: 48,
    cards: 146,
    reviews: 102,
    media: 0,
  },
  'diffmodels2-1.apkg': {
    format: 'apkg',
    noteTypes: 1,
    decks: 1,
    notes: 1,
    cards: 1,
    reviews: 0,
    media: 0,
  },
  'diffmodels2-2.apkg': {
    format: 'apkg',
    noteTypes: 1,
    decks: 1,
    notes: 1,
    cards: 2,
    reviews: 0,
    media: 0,
  },
  /* the 2 media of the package are add-on data no note uses */
  'diffmodeltemplates-1.apkg': {
    format: 'apkg',
    noteTypes: 1,
    decks: 1,
    notes: 1,
    cards: 1,
    reviews: 0,
    media: 0,
  },
  'diffmodeltemplates-2.apkg': {
    format: 'apkg',
    noteTypes: 1,
    decks: 1,
    notes: 1,
    cards: 1,
    reviews: 0,
    media: 0,
  },
  /* 32 decks: Default (empty, dropped) and 31; a collection keeps all 7 note types */
  'it-passport-templates.colpkg': {
    format: 'colpkg',
    noteTypes: 7,
    decks: 31,
    notes: 0,
    cards: 0,
    reviews: 0,
    media: 0,
  },
  'media.apkg': {
    format: 'apkg',
    noteTypes: 1,
    decks: 1,
    notes: 1,
    cards: 1,
    reviews: 0,
    media: 1,
  },
  'update1.apkg': {
    format: 'apkg',
    noteTypes: 1,
    decks: 1,
    notes: 1,
    cards: 1,
    reviews: 0,
    media: 0,
  },
  'update2.apkg': {
    format: 'apkg',
    noteTypes: 1,
    decks: 1,
    notes: 1,
    cards: 1,
    reviews: 0,
    media: 0,
  },
}

async function read(name: string, cleanup: (fn: () => Promise<void>) => void) {
  const dir = await scratch('anki-fixture-')
  cleanup(dir.remove)
  const bundle = await readAnkiPackage(fixture(name), dir.workDir)
  return { bundle, workDir: dir.workDir }
}

const deckPath = (bundle: ImportBundle, key: string): string => {
  const deck = bundle.decks.find((candidate) => candidate.key === key)!
  return deck.parentKey ? `${deckPath(bundle, deck.parentKey)}::${deck.name}` : deck.name
}

test.group('Anki fixtures: every package reads with its true figures', () => {
  test('the fixture folder holds exactly the packages listed here', ({ assert }) => {
    assert.deepEqual(readdirSync(FIXTURES).sort(), Object.keys(FIGURES).sort())
  })

  test('{$self}')
    .with(Object.keys(FIGURES))
    .run(async ({ assert, cleanup }, name) => {
      const { bundle, workDir } = await read(name, cleanup)
      const expected = FIGURES[name]
      assert.deepEqual(
        {
          format: bundle.format,
          noteTypes: bundle.noteTypes.length,
          decks: bundle.decks.length,
          notes: bundle.notes.length,
          cards: bundle.cards.length,
          reviews: bundle.reviews.length,
          media: bundle.media.length,
        },
        expected
      )
      /* every card and note points at a deck of the bundle, every card at a note */
      const deckKeys = new Set(bundle.decks.map((deck) => deck.key))
      const noteKeys = new Set(bundle.notes.map((note) => note.key))
      assert.isTrue(
        bundle.cards.every((card) => deckKeys.has(card.deckKey) && noteKeys.has(card.noteKey))
      )
      assert.isTrue(bundle.notes.every((note) => deckKeys.has(note.deckKey)))
      /* the unpacked collection is gone: only extracted media stay */
      assert.deepEqual(
        await filesUnder(workDir),
        bundle.media
          .map((media) => `${basename(dirname(media.path))}/${basename(media.path)}`)
          .sort()
      )
    })
})

test.group('Anki fixtures: ankidroid-templates.apkg (legacy, AnkiDroid)', () => {
  test('nested decks under 1-TEMPLATES; the filtered decks are not decks and Default is dropped', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await read('ankidroid-templates.apkg', cleanup)
    assert.sameMembers(
      bundle.decks.map((deck) => deckPath(bundle, deck.key)),
      [
        '1-TEMPLATES',
        '1-TEMPLATES::Misc',
        '1-TEMPLATES::NormalClozes',
        '1-TEMPLATES::Conditionals',
        '1-TEMPLATES::NestedClozes',
        '1-TEMPLATES::Anatomy',
        '1-TEMPLATES::Typing broken',
        '1-TEMPLATES::Reassign',
      ]
    )
    assert.notInclude(
      bundle.decks.map((deck) => deck.key),
      '1371989140089'
    )
    assert.notInclude(
      bundle.decks.map((deck) => deck.key),
      '1371989331393'
    )
  })

  test('cards of the 2 filtered decks (12 + 4) go back to Anatomy: 79 + 16 = 95', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await read('ankidroid-templates.apkg', cleanup)
    const perDeck = (path: string) =>
      bundle.cards.filter((card) => deckPath(bundle, card.deckKey) === path).length
    assert.equal(perDeck('1-TEMPLATES::Anatomy'), 95)
    assert.equal(perDeck('1-TEMPLATES::Typing broken'), 23)
    assert.equal(perDeck('1-TEMPLATES::Conditionals'), 10)
    /* a note's deck is its lowest-ord card's home deck: 16 Anatomy notes */
    assert.equal(
      bundle.notes.filter((note) => deckPath(bundle, note.deckKey) === '1-TEMPLATES::Anatomy')
        .length,
      16
    )
  })

  test('9 custom note types (none has a stock shape), cloze ones flagged', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await read('ankidroid-templates.apkg', cleanup)
    assert.isTrue(bundle.noteTypes.every((type) => type.kind === 'custom'))
    const muscle = bundle.noteTypes.find((type) => type.name === 'Muscle')!
    assert.deepEqual(muscle.fields, [
      'Name',
      'Origin',
      'Insertion',
      'Action',
      'Innervation',
      'OIpic',
      'Picture',
    ])
    assert.lengthOf(muscle.templates, 8)
    assert.equal(muscle.templates[0].name, 'Name/Action')
    assert.sameMembers(
      bundle.noteTypes.filter((type) => type.isCloze).map((type) => type.name),
      ['Conjugations Test Multi-Cloze', 'TypingClozeTest', 'NestedClozeTest', 'cloze']
    )
    assert.lengthOf(bundle.noteTypes.find((type) => type.name === 'cloze')!.fields, 17)
  })

  test('fields split by the note type field names, tags trimmed and split', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await read('ankidroid-templates.apkg', cleanup)
    const coracobrachialis = bundle.notes.find((note) => note.key === '1370745757161')!
    assert.equal(coracobrachialis.guid, 'fd6;[gN5e{')
    assert.equal(coracobrachialis.fields.Name, 'Coracobrachialis')
    assert.equal(coracobrachialis.fields.Picture, '<img src="Coracobrachialis.JPG" />')
    assert.deepEqual(coracobrachialis.tags, ['Muscle', 'UpperEx', 'arm'])
    const tagged = bundle.notes.find((note) => note.key === '1426025165168')!
    assert.deepEqual(tagged.tags, ['CAPITALLETTERSFOREVERYONE', 'IAMATAG', 'SOAMI'])
    assert.equal(tagged.fields.Back, 'back')
    const multiCloze = bundle.notes.find((note) => note.key === '1425479167843')!
    assert.equal(multiCloze.fields.Text1, 'Yo {{c1::como}}.')
    assert.equal(multiCloze.fields.SometimesEmpty, '')
    assert.lengthOf(Object.keys(multiCloze.fields), 13)
  })

  test(
    '131 new cards (109 keeping the factor Anki 2.0 wrote), 15 learning cards with due time, their own ' +
      'ease and last review',
    async ({ assert, cleanup }) => {
      const { bundle } = await read('ankidroid-templates.apkg', cleanup)
      /* a new card Anki wrote a factor or counts on keeps them in a progress row of its own, still new */
      const fresh = bundle.cards.filter((card) => !card.progress || card.progress.state === 'new')
      assert.lengthOf(fresh, 131)
      assert.lengthOf(
        fresh.filter((card) => card.progress),
        109
      )
      assert.isTrue(fresh.every((card) => !card.progress || card.progress.dueAt === null))
      const learning = bundle.cards.filter((card) => card.progress?.state === 'learning')
      assert.lengthOf(learning, 15)
      const card = bundle.cards.find((candidate) => candidate.key === '1404535701831')!
      assert.deepEqual(card.progress, {
        state: 'learning',
        /* cards.due 1426118789 is a unix time for a learning card */
        dueAt: new Date(1_426_118_789_000),
        intervalDays: 0,
        ease: 2.5,
        reps: 3,
        lapses: 0,
        stability: null,
        difficulty: null,
        frozen: false,
        /* max(revlog.id) of the card */
        lastReviewedAt: new Date(1_426_118_725_202),
      })
      /* factor 0 (not graduated yet) is kept: Anki's learning card has no ease */
      assert.equal(
        bundle.cards.find((candidate) => candidate.key === '1423396097573')!.progress!.ease,
        0
      )
    }
  )

  test('102 review-log rows: 100 "again" learning steps of 60 s, 2 "hard" of 1 day', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await read('ankidroid-templates.apkg', cleanup)
    const again = bundle.reviews.filter((review) => review.rating === 1)
    assert.lengthOf(again, 100)
    assert.isTrue(
      again.every((review) => review.kind === 'learn' && review.intervalDays === 60 / 86_400)
    )
    const hard = bundle.reviews.filter((review) => review.rating === 2)
    assert.deepEqual(hard[0], {
      cardKey: '1404535701831',
      reviewedAt: new Date(1_404_609_557_545),
      rating: 2,
      kind: 'learn',
      intervalDays: 1,
      lastIntervalDays: 3_600 / 86_400,
      ease: 2.5,
      durationMs: 1_347,
    })
    assert.equal(Math.max(...bundle.reviews.map((review) => review.durationMs)), 30_000)
  })

  test(
    'the package has no media: the 85 files the notes use and _arial.ttf of a template are ' +
      'reported missing',
    async ({ assert, cleanup }) => {
      const { bundle } = await read('ankidroid-templates.apkg', cleanup)
      assert.lengthOf(bundle.media, 0)
      assert.lengthOf(bundle.warnings, 1)
      assert.match(
        bundle.warnings[0].message,
        /^86 file\(s\) the notes use are not in the package: Coracobrachialis-OriginInsertion\.jpg/
      )
    }
  )
})

test.group('Anki fixtures: Anki test packages', () => {
  test('media.apkg: the note [sound:foo.wav] and foo.wav extracted byte for byte', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await read('media.apkg', cleanup)
    assert.deepEqual(bundle.notes[0].fields, { Front: '[sound:foo.wav]', Back: '' })
    /* a learner's type is kept as it came, Anki's stock Basic too (decision 0092) */
    assert.equal(bundle.noteTypes[0].kind, 'custom')
    assert.equal(bundle.noteTypes[0].name, 'Basic')
    /* the package's Default deck holds the card, so it stays */
    assert.deepEqual(bundle.decks, [{ key: '1', name: 'Default', parentKey: null }])
    assert.equal(bundle.media[0].name, 'foo.wav')
    assert.equal(bundle.media[0].size, 4)
    /* zip entry "0" of the package, read with unzip: the 4 bytes "abc\n" */
    assert.deepEqual(await readFile(bundle.media[0].path), Buffer.from('abc\n'))
    assert.deepEqual(bundle.warnings, [])
  })

  test('update1 / update2: the same guid and key, hello/world then goodbye/world', async ({
    assert,
    cleanup,
  }) => {
    const first = (await read('update1.apkg', cleanup)).bundle.notes[0]
    const second = (await read('update2.apkg', cleanup)).bundle.notes[0]
    assert.equal(first.guid, 'cU1%zNUzk1')
    assert.equal(second.guid, first.guid)
    assert.equal(second.key, first.key)
    assert.deepEqual(first.fields, { Front: 'hello', Back: 'world' })
    assert.deepEqual(second.fields, { Front: 'goodbye', Back: 'world' })
  })

  test('diffmodels2-1 / -2: one Basic card, then a second template makes 2 cards of the type kept as it came', async ({
    assert,
    cleanup,
  }) => {
    const first = (await read('diffmodels2-1.apkg', cleanup)).bundle
    const second = (await read('diffmodels2-2.apkg', cleanup)).bundle
    assert.equal(first.notes[0].guid, 'MGCsE3z^Er')
    assert.equal(second.notes[0].guid, 'MGCsE3z^Er')
    assert.equal(first.noteTypes[0].kind, 'custom')
    assert.deepEqual(
      first.cards.map((card) => card.ord),
      [0]
    )
    assert.equal(second.noteTypes[0].kind, 'custom')
    assert.deepEqual(
      second.noteTypes[0].templates.map((template) => template.name),
      ['Card 1', 'Card 2']
    )
    assert.deepEqual(
      second.cards.map((card) => card.ord),
      [0, 1]
    )
    assert.deepEqual(second.notes[0].fields, { Front: 'front', Back: 'back' })
    /* the package lists 5 note types; a deck package keeps only the one its note uses */
    assert.lengthOf(second.noteTypes, 1)
  })

  test('diffmodeltemplates-1 / -2: deck testdeck, the front template changes, 2 unused media left out', async ({
    assert,
    cleanup,
  }) => {
    const first = (await read('diffmodeltemplates-1.apkg', cleanup)).bundle
    const second = (await read('diffmodeltemplates-2.apkg', cleanup)).bundle
    for (const bundle of [first, second]) {
      assert.deepEqual(bundle.decks, [{ key: '1403973896335', name: 'testdeck', parentKey: null }])
      assert.deepEqual(bundle.notes[0].fields, { Front: 'question?', Back: 'answer!' })
      assert.deepEqual(bundle.warnings, [
        { message: '2 media file(s) in the package are used by no note and were left out' },
      ])
    }
    /* -1 is Anki's stock Basic shape, kept as it came as -2's with its changed front */
    assert.equal(first.noteTypes[0].kind, 'custom')
    assert.equal(first.noteTypes[0].templates[0].front, '{{Front}}')
    assert.equal(second.noteTypes[0].kind, 'custom')
    assert.equal(second.noteTypes[0].templates[0].front, 'Changed Front Template\n{{Front}}')
  })

  test('it-passport-templates.colpkg: Japanese note types with 7 and 8 fields, nested decks, no notes', async ({
    assert,
    cleanup,
  }) => {
    const { bundle } = await read('it-passport-templates.colpkg', cleanup)
    const kinds = Object.fromEntries(bundle.noteTypes.map((type) => [type.name, type.kind]))
    /* every type as it came, the stock-shaped ones too (decision 0092) */
    assert.deepEqual(kinds, {
      '穴埋め': 'custom',
      'Basic (type in the answer)': 'custom',
      '基本 (裏面カードを任意選択)': 'custom',
      '基本 (裏面カード付き)': 'custom',
      '基本': 'custom',
      'ITパスポート用語集': 'custom',
      'ITパスポート過去問題集': 'custom',
    })
    assert.deepEqual(bundle.noteTypes.find((type) => type.name === 'ITパスポート用語集')!.fields, [
      'ID',
      '用語',
      '解説',
      '別名',
      '分類',
      'URL',
      'カテゴリ',
    ])
    assert.deepEqual(
      bundle.noteTypes.find((type) => type.name === 'ITパスポート過去問題集')!.fields,
      ['ID', '題目', '問題', '選択肢', '解答', '解説', '分類', 'URL']
    )
    /* the stock cloze keeps its Japanese field names, its Anki id and its sort field */
    const cloze = bundle.noteTypes.find((type) => type.name === '穴埋め')!
    assert.deepEqual(cloze.fields, ['テキスト', '追加'])
    assert.isTrue(cloze.isCloze)
    assert.equal(cloze.ankiId, '1690101084061')
    assert.equal(cloze.sortField, 0)
    const roots = bundle.decks.filter((deck) => deck.parentKey === null)
    assert.sameMembers(
      roots.map((deck) => deck.name),
      ['ITパスポート用語クイズ', 'ITパスポート過去問題集']
    )
    const children = (name: string) =>
      bundle.decks.filter(
        (deck) => deck.parentKey === roots.find((root) => root.name === name)!.key
      )
    assert.sameMembers(
      children('ITパスポート用語クイズ').map((deck) => deck.name),
      ['ストラテジ系', 'テクノロジ系', 'マネジメント系']
    )
    assert.lengthOf(children('ITパスポート過去問題集'), 26)
  })
})

test.group('Anki fixtures: the format of an upload stored without its extension', () => {
  test('format: colpkg keeps every note type of a collection; an apkg only those its notes use', async ({
    assert,
    cleanup,
  }) => {
    const dir = await scratch('anki-format-')
    cleanup(dir.remove)
    /* the import job keeps the upload as "source", without an extension */
    const source = dir.input('source')
    await copyFile(fixture('it-passport-templates.colpkg'), source)
    const asCollection = await readAnkiPackage(source, `${dir.workDir}-1`, { format: 'colpkg' })
    assert.equal(asCollection.format, 'colpkg')
    assert.lengthOf(asCollection.noteTypes, 7)
    const asDeck = await readAnkiPackage(source, `${dir.workDir}-2`)
    assert.equal(asDeck.format, 'apkg')
    assert.lengthOf(asDeck.noteTypes, 0)
    assert.lengthOf(asDeck.decks, 31)
  })
})
