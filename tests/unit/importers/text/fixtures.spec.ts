import { readdirSync, readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import { fixture as fixturePath } from '#tests/support/fixtures'
import { decodeText, decodeTextDetailed } from '#importers/text/decode'
import { parseTextImport } from '#importers/text/parse_text'
import { textToBundle } from '#importers/text/bundle'

/* Anki's and AnkiDroid's own test files (tests/fixtures/README.md) */
const FIXTURES = fixturePath('text')
const fixture = (name: string) => readFileSync(fixturePath('text', name))

test.group('Text import: the fixture files', () => {
  test('every text fixture is covered here', ({ assert }) => {
    assert.sameMembers(readdirSync(FIXTURES), [
      'text-2fields.txt',
      'text-tags.txt',
      'text-ucs2-be-bom.txt',
      'text-update.txt',
      'text-utf8-bom.txt',
    ])
  })

  /*
   * The file, line by line:
   *  1 "# this is a test file"        a comment
   *  2-5 four word pairs               imported
   *  6 "飲む	to drink"                 the same pair as line 3: imported (duplicates are the writer's business)
   *  7 "多すぎる	too many	fields"     three fields where every other line has two: reported
   *  8 "not, enough, fields"          no tab: one field, no back
   *  9 "遊ぶ	"                        an empty back
   * 10 "	to play"                      an empty front
   * Anki imported 5 notes too, but not the same ones: it skipped line 6 as a
   * duplicate of line 3 and accepted line 9 (it only needs the first field);
   * the spec wants a front and a back, so line 9 is reported here.
   */
  test('text-2fields.txt: 5 rows, and the 4 refused lines by number', ({ assert }) => {
    const parsed = parseTextImport(decodeText(fixture('text-2fields.txt')))
    assert.deepEqual(parsed.detected, { cardSeparator: 'newline', fieldSeparator: 'tab' })
    assert.deepEqual(
      parsed.rows.map((row) => [row.line, row.front, row.back]),
      [
        [2, '食べる', 'to eat'],
        [3, '飲む', 'to drink'],
        [4, 'テスト', 'test'],
        [5, 'to eat', '食べる'],
        [6, '飲む', 'to drink'],
      ]
    )
    assert.deepEqual(parsed.problems, [
      { line: 7, reason: 'too_many_fields' },
      { line: 8, reason: 'no_back' },
      { line: 9, reason: 'no_back' },
      { line: 10, reason: 'no_front' },
    ])
    const bundle = textToBundle(parsed, { deckName: 'Japanese', format: 'text' })
    assert.lengthOf(bundle.notes, 5)
    assert.deepEqual(
      bundle.warnings.map((warning) => warning.line),
      [7, 8, 9, 10]
    )
  })

  /* no header names the third column, so it is kept (appended to the back), not guessed to be tags */
  test('text-tags.txt: the third column is extra without a header, tags with #tags column:3', ({
    assert,
  }) => {
    const text = decodeText(fixture('text-tags.txt'))
    const plain = parseTextImport(text)
    assert.deepEqual(
      plain.rows.map((row) => [row.front, row.back, row.extra, row.tags]),
      [
        ['foo', 'bar', ['baz,qux'], []],
        ['foo2', 'bar2', ['baz2'], []],
      ]
    )
    assert.deepEqual(
      textToBundle(plain, { deckName: 'D', format: 'text' }).notes.map((note) => note.fields.Back),
      ['bar<br>baz,qux', 'bar2<br>baz2']
    )

    const tagged = parseTextImport('#tags column:3\n' + text)
    assert.equal(tagged.header.tagsColumn, 3)
    assert.deepEqual(
      tagged.rows.map((row) => [row.line, row.front, row.back, row.extra, row.tags]),
      [
        [2, 'foo', 'bar', [], ['baz', 'qux']],
        [3, 'foo2', 'bar2', [], ['baz2']],
      ]
    )
    assert.deepEqual(
      textToBundle(tagged, { deckName: 'D', format: 'text' }).notes.map((note) => note.tags),
      [['baz', 'qux'], ['baz2']]
    )
  })

  test('text-update.txt: one pair "1" / "x"; a GUID column makes re-imports update', ({
    assert,
  }) => {
    const parsed = parseTextImport(decodeText(fixture('text-update.txt')))
    assert.deepEqual(parsed.rows, [{ line: 1, front: '1', back: 'x', tags: [], extra: [] }])
    assert.deepEqual(parsed.problems, [])

    /* without a GUID column every import is new notes; with one, the same guid each time */
    const first = textToBundle(parsed, { deckName: 'D', format: 'text' })
    const second = textToBundle(parsed, { deckName: 'D', format: 'text' })
    assert.notEqual(first.notes[0].guid, second.notes[0].guid)
    const withGuid = parseTextImport('#guid column:1\nn0tE-1\t1\tx\n')
    const bundle = textToBundle(withGuid, { deckName: 'D', format: 'text' })
    assert.equal(bundle.notes[0].guid, 'n0tE-1')
    assert.deepEqual(bundle.notes[0].fields, { Front: '1', Back: 'x' })
  })

  test('text-ucs2-be-bom.txt: UTF-16 big endian with its BOM', ({ assert }) => {
    const bytes = fixture('text-ucs2-be-bom.txt')
    assert.deepEqual([bytes[0], bytes[1]], [0xfe, 0xff])
    assert.deepEqual(decodeTextDetailed(bytes), {
      text: 'Hello, world',
      encoding: 'utf-16be',
      warning: null,
    })
    const parsed = parseTextImport(decodeText(bytes))
    assert.deepEqual(parsed.detected.fieldSeparator, 'comma')
    assert.deepEqual(
      parsed.rows.map((row) => [row.front, row.back]),
      [['Hello', 'world']]
    )
  })

  /* the stored copy of text-utf8-bom.txt has lost its BOM (12 bytes: "Hello, world"), so the BOM is added here too */
  test('text-utf8-bom.txt: UTF-8, as stored and with the BOM the original had', ({ assert }) => {
    const bytes = fixture('text-utf8-bom.txt')
    assert.equal(bytes.length, 12)
    assert.equal(decodeText(bytes), 'Hello, world')
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes])
    assert.deepEqual(decodeTextDetailed(withBom), {
      text: 'Hello, world',
      encoding: 'utf-8',
      warning: null,
    })
    assert.deepEqual(
      parseTextImport(decodeText(withBom)).rows.map((row) => [row.front, row.back]),
      [['Hello', 'world']]
    )
  })
})
