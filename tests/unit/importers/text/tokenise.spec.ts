import { test } from '@japa/runner'
import { lineOf, lineStarts, NEWLINE, tokenize, usedCount } from '#importers/text/tokenise'
import { readHeader } from '#importers/text/header'
import {
  detectCardSeparator,
  detectFieldSeparator,
  separatorString,
} from '#importers/text/separators'

const split = (text: string, fs = ',', rs = NEWLINE) => tokenize(text, 0, fs, rs, lineStarts(text))

test.group('Text tokeniser', () => {
  test('records of fields, each with the line it starts on, whatever the line endings', ({
    assert,
  }) => {
    const { records, unbalanced } = split('a,b\r\nc,d\ne,f\rg,h')
    assert.deepEqual(records, [
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['c', 'd'] },
      { line: 3, fields: ['e', 'f'] },
      { line: 4, fields: ['g', 'h'] },
    ])
    assert.deepEqual(unbalanced, [])
  })

  test('quotes: separators and line breaks inside, "" for a quote, spaces around ignored, text after kept', ({
    assert,
  }) => {
    const { records } = split('  "a, b"  , c \n"x ""y""\nz",w\n"q" tail,r')
    assert.deepEqual(records, [
      { line: 1, fields: ['a, b', 'c'] },
      { line: 2, fields: ['x "y"\nz', 'w'] },
      { line: 4, fields: ['qtail', 'r'] },
    ])
  })

  test('an unclosed quote: its record is reported by line, reading goes on on the next line', ({
    assert,
  }) => {
    const { records, unbalanced } = split('ok,1\n"open,2\nnext,3')
    assert.deepEqual(unbalanced, [2])
    assert.deepEqual(
      records.map((record) => record.fields[0]),
      ['ok', 'next']
    )
  })

  test('a # at the start of a line is a comment; elsewhere it is text', ({ assert }) => {
    const { records } = split('# comment,x\na,#b\n #c,d')
    assert.deepEqual(
      records.map((record) => record.fields),
      [
        ['a', '#b'],
        ['#c', 'd'],
      ]
    )
  })

  test('custom separators of several characters; white space between cards is layout', ({
    assert,
  }) => {
    const { records } = split('one - 1 || \n\n two - 2 || three - 3', ' - ', ' || ')
    assert.deepEqual(
      records.map((record) => [record.line, ...record.fields]),
      [
        [1, 'one', '1'],
        [3, 'two', '2'],
        [3, 'three', '3'],
      ]
    )
  })

  test('empty and trailing fields are kept, and usedCount leaves the trailing ones out', ({
    assert,
  }) => {
    const { records } = split('a,,b,,\n,\n')
    assert.deepEqual(
      records.map((record) => record.fields),
      [
        ['a', '', 'b', '', ''],
        ['', ''],
      ]
    )
    assert.deepEqual(
      records.map((record) => usedCount(record.fields)),
      [3, 0]
    )
  })

  test('lineOf finds the line of any position', ({ assert }) => {
    const text = 'ab\ncd\r\nef\rg'
    const starts = lineStarts(text)
    assert.deepEqual(starts, [0, 3, 7, 10])
    assert.deepEqual(
      [0, 2, 3, 6, 7, 10, 11].map((pos) => lineOf(starts, pos)),
      [1, 1, 2, 2, 3, 4, 4]
    )
  })
})

test.group('Text header and separator guessing', () => {
  test('the header ends at the first line without #; #columns comes back as written', ({
    assert,
  }) => {
    const text =
      '#separator:Semicolon\n#columns:Front;Back;Tags\n#unknown key:x\n#tags column:0\nfront;back;t\n'
    const { header, columnsValue, bodyStart } = readHeader(text)
    assert.deepEqual(header, { separator: ';' })
    assert.equal(columnsValue, 'Front;Back;Tags')
    assert.equal(text.slice(bodyStart), 'front;back;t\n')
  })

  test('separators: a tab anywhere wins, then whichever of comma and semicolon splits more lines', ({
    assert,
  }) => {
    const guess = (text: string) => detectFieldSeparator(text, 0, NEWLINE, lineStarts(text))
    assert.equal(guess('a,b\nc\td, e\n'), '\t')
    assert.equal(guess('a;b\nc;d, e\nf;g\nh,i\n'), ';')
    assert.equal(guess('a;b\nc,d\n'), ',')
    /* Mnemo's own CSV says so in its first row, even when a field holds a tab */
    assert.equal(guess('front,back,tags\r\n"\'\tx",y,\r\n'), ',')
  })

  test('one line of several pairs at semicolons is Quizlet\'s "semicolon between rows"', ({
    assert,
  }) => {
    const guess = (text: string, fs: string) => detectCardSeparator(text, 0, fs, lineStarts(text))
    assert.equal(guess('a,1;b,2;c,3', ','), ';')
    assert.equal(guess('a,1;b\nc,3', ','), NEWLINE)
    assert.equal(guess('a;1', ';'), NEWLINE)
    assert.throws(() => separatorString({ custom: '' }), /cannot be empty/)
  })
})
