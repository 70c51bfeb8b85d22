import { test } from '@japa/runner'
import { ImportError } from '#importers/bundle'
import { BUILTIN_NOTE_TYPES } from '#note_types/builtin'
import { parseTextImport } from '#importers/text/parse_text'
import { textToBundle } from '#importers/text/bundle'

const bundleOf = (text: string, deckName = 'Vocabulary') =>
  textToBundle(parseTextImport(text), { deckName, format: 'csv' })

async function importError(run: () => unknown): Promise<ImportError> {
  try {
    await run()
  } catch (error) {
    if (error instanceof ImportError) return error
    throw error
  }
  throw new Error('expected an ImportError')
}

test.group('Text import: the bundle', () => {
  test('one deck, Basic notes and one new card each, no progress, no media', ({ assert }) => {
    const bundle = bundleOf('chat,cat\nchien,dog\n')
    assert.equal(bundle.format, 'csv')
    assert.deepEqual(bundle.decks, [{ key: 'deck1', name: 'Vocabulary', parentKey: null }])
    assert.deepEqual(bundle.noteTypes, [
      {
        key: 'basic',
        name: 'Basic',
        kind: 'basic',
        fields: ['Front', 'Back'],
        templates: BUILTIN_NOTE_TYPES.basic.templates,
        css: BUILTIN_NOTE_TYPES.basic.css,
        isCloze: false,
      },
    ])
    assert.deepEqual(
      bundle.notes.map(({ key, noteTypeKey, deckKey, fields, tags }) => ({
        key,
        noteTypeKey,
        deckKey,
        fields,
        tags,
      })),
      [
        {
          key: 'note1',
          noteTypeKey: 'basic',
          deckKey: 'deck1',
          fields: { Front: 'chat', Back: 'cat' },
          tags: [],
        },
        {
          key: 'note2',
          noteTypeKey: 'basic',
          deckKey: 'deck1',
          fields: { Front: 'chien', Back: 'dog' },
          tags: [],
        },
      ]
    )
    assert.deepEqual(bundle.cards, [
      { key: 'card1', noteKey: 'note1', ord: 0, deckKey: 'deck1', progress: null },
      { key: 'card2', noteKey: 'note2', ord: 0, deckKey: 'deck1', progress: null },
    ])
    assert.deepEqual([bundle.reviews, bundle.media, bundle.warnings], [[], [], []])
  })

  test('fresh guids: Anki-shaped and all different', ({ assert }) => {
    const guids = bundleOf(
      Array.from({ length: 200 }, (_, i) => `w${i},m${i}`).join('\n')
    ).notes.map((note) => note.guid)
    assert.equal(new Set(guids).size, 200)
    for (const guid of guids) assert.lengthOf(guid, 10)
  })

  test('the header\'s deck wins, and "::" makes subdecks', ({ assert }) => {
    const bundle = bundleOf('#deck:Languages::French::Verbs\nmanger,to eat\n')
    assert.deepEqual(bundle.decks, [
      { key: 'deck1', name: 'Languages', parentKey: null },
      { key: 'deck2', name: 'French', parentKey: 'deck1' },
      { key: 'deck3', name: 'Verbs', parentKey: 'deck2' },
    ])
    assert.equal(bundle.notes[0].deckKey, 'deck3')
  })

  test('a deck column spreads notes over decks that share parents', ({ assert }) => {
    const bundle = bundleOf(
      '#deck column:1\nLang::French\tchat\tcat\nLang::German\tKatze\tcat\nLang::French\tchien\tdog\n'
    )
    assert.deepEqual(
      bundle.decks.map((deck) => [deck.key, deck.name, deck.parentKey]),
      [
        ['deck1', 'Lang', null],
        ['deck2', 'French', 'deck1'],
        ['deck3', 'German', 'deck1'],
      ]
    )
    assert.deepEqual(
      bundle.notes.map((note) => note.deckKey),
      ['deck2', 'deck3', 'deck2']
    )
  })

  test('extra columns are appended to the back, empty ones left out', ({ assert }) => {
    const bundle = bundleOf('chat\tcat\tle chat dort\tnoun\nchien\tdog\t\tnoun\n')
    assert.deepEqual(
      bundle.notes.map((note) => note.fields.Back),
      ['cat<br>le chat dort<br>noun', 'dog<br>noun']
    )
  })

  test('refused lines become warnings with their line; the rest imports', ({ assert }) => {
    const bundle = bundleOf('a,b\nno back here\n,no front\nc,d\n')
    assert.lengthOf(bundle.notes, 2)
    assert.deepEqual(
      bundle.warnings.map((warning) => warning.line),
      [2, 3]
    )
    assert.match(bundle.warnings[0].message, /^line 2: no back/)
    assert.match(bundle.warnings[1].message, /^line 3: no front/)
  })

  test('built-in note types by their Anki names, with their cards; unknown ones import as Basic', ({
    assert,
  }) => {
    const text = [
      '#notetype column:1',
      'Basic (and reversed card)\tchat\tcat',
      'Cloze\t{{c1::Paris}} is in {{c2::France}}\t',
      'Basic (type in the answer)\tchien\tdog',
      'My Own Type\tKatze\tcat',
    ].join('\n')
    const bundle = bundleOf(text)
    assert.deepEqual(
      bundle.noteTypes.map((type) => type.key),
      ['reversed', 'cloze', 'type_in', 'basic']
    )
    assert.deepEqual(
      bundle.notes.map((note) => [note.noteTypeKey, note.fields]),
      [
        ['reversed', { Front: 'chat', Back: 'cat' }],
        ['cloze', { 'Text': '{{c1::Paris}} is in {{c2::France}}', 'Back Extra': '' }],
        ['type_in', { Front: 'chien', Back: 'dog' }],
        ['basic', { Front: 'Katze', Back: 'cat' }],
      ]
    )
    /* reversed: 2 templates; cloze: one card per deletion (ord = number - 1) */
    assert.deepEqual(
      bundle.cards.map((card) => [card.noteKey, card.ord]),
      [
        ['note1', 0],
        ['note1', 1],
        ['note2', 0],
        ['note2', 1],
        ['note3', 0],
        ['note4', 0],
      ]
    )
    assert.deepEqual(bundle.warnings, [
      { line: 5, message: 'line 5: note type "My Own Type" imported as Basic' },
    ])
  })

  test('with html, a front that shows nothing makes no card: left out, with a warning', ({
    assert,
  }) => {
    const bundle = textToBundle(
      parseTextImport('<br>,back\n<div> </div>,back\nchat,cat', { html: true }),
      { deckName: 'D', format: 'csv' }
    )
    assert.deepEqual(
      bundle.notes.map((note) => note.fields.Front),
      ['chat']
    )
    assert.deepEqual(
      bundle.cards.map((card) => card.noteKey),
      ['note1']
    )
    assert.deepEqual(
      bundle.warnings.map((warning) => warning.message),
      ['line 1: no front', 'line 2: no front']
    )
  })

  test('a GUID used twice: the second note gets a new one, with a warning', ({ assert }) => {
    const bundle = bundleOf('#guid column:1\nabc\tchat\tcat\nabc\tchien\tdog\n')
    assert.equal(bundle.notes[0].guid, 'abc')
    assert.notEqual(bundle.notes[1].guid, 'abc')
    assert.deepEqual(bundle.warnings, [
      { line: 3, message: 'line 3: same GUID as line 2, imported as a separate note' },
    ])
  })

  test('the decoding warning goes first', ({ assert }) => {
    const bundle = textToBundle(parseTextImport('a,b'), {
      deckName: 'D',
      format: 'text',
      decodeWarning: 'read as Windows-1252',
    })
    assert.deepEqual(bundle.warnings, [{ message: 'read as Windows-1252' }])
  })

  test('nothing to import: import_empty; only refused lines: import_no_notes', async ({
    assert,
  }) => {
    assert.equal((await importError(() => bundleOf(''))).key, 'import_empty')
    assert.equal((await importError(() => bundleOf('# only a comment\n\n'))).key, 'import_empty')
    const none = await importError(() => bundleOf('just a line\nand another\n'))
    assert.equal(none.key, 'import_no_notes')
    assert.match(none.message, /line 1: no back/)
  })
})
