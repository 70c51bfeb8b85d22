import { test } from '@japa/runner'
import {
  parseTextImport,
  type CardSeparator,
  type FieldSeparator,
} from '#importers/text/parse_text'

const PAIRS = [
  ['cat', 'le chat'],
  ['dog', 'le chien'],
  ['house', 'la maison'],
]
const pairs = (text: string, options?: Parameters<typeof parseTextImport>[1]) =>
  parseTextImport(text, options).rows.map((row) => [row.front, row.back])

test.group('Text import: separators', () => {
  const cards: [CardSeparator, string][] = [
    ['newline', '\n'],
    ['semicolon', ';'],
    [{ custom: ' || ' }, ' || '],
  ]
  const fields: [FieldSeparator, string][] = [
    ['tab', '\t'],
    ['comma', ','],
    [{ custom: ' - ' }, ' - '],
  ]
  for (const [card, cardText] of cards) {
    for (const [field, fieldText] of fields) {
      test(`cards by ${JSON.stringify(card)}, front/back by ${JSON.stringify(field)}`, ({
        assert,
      }) => {
        const text = PAIRS.map((pair) => pair.join(fieldText)).join(cardText)
        const parsed = parseTextImport(text, { cardSeparator: card, fieldSeparator: field })
        assert.deepEqual(
          parsed.rows.map((row) => [row.front, row.back]),
          PAIRS
        )
        assert.deepEqual(parsed.problems, [])
        assert.deepEqual(parsed.detected, { cardSeparator: card, fieldSeparator: field })
      })
    }
  }

  test('detected: {name}')
    .with([
      {
        name: 'tab lines',
        text: 'cat\tle chat\ndog\tle chien\nhouse\tla maison\n',
        card: 'newline',
        field: 'tab',
      },
      {
        name: 'comma lines',
        text: 'cat,le chat\r\ndog,le chien\r\nhouse,la maison\r\n',
        card: 'newline',
        field: 'comma',
      },
      {
        name: 'semicolon lines',
        text: 'cat;le chat\ndog;le chien\nhouse;la maison',
        card: 'newline',
        field: { custom: ';' },
      },
      {
        name: 'Quizlet tab + semicolon rows',
        text: 'cat\tle chat;dog\tle chien;house\tla maison',
        card: 'semicolon',
        field: 'tab',
      },
      {
        name: 'one line, comma + semicolon rows',
        text: 'cat,le chat;dog,le chien;house,la maison',
        card: 'semicolon',
        field: 'comma',
      },
    ])
    .run(({ assert }, { text, card, field }) => {
      const parsed = parseTextImport(text)
      assert.deepEqual(parsed.detected, {
        cardSeparator: card as CardSeparator,
        fieldSeparator: field as FieldSeparator,
      })
      assert.deepEqual(
        parsed.rows.map((row) => [row.front, row.back]),
        PAIRS
      )
    })

  test('a tab anywhere wins over commas (commas are common inside answers)', ({ assert }) => {
    assert.deepEqual(pairs('apple\tla pomme, le fruit\npear\tla poire'), [
      ['apple', 'la pomme, le fruit'],
      ['pear', 'la poire'],
    ])
  })

  test('comma or semicolon: the one that splits more lines', ({ assert }) => {
    const parsed = parseTextImport('a;b\nc;d, e\nf;g')
    assert.deepEqual(parsed.detected.fieldSeparator, { custom: ';' })
    assert.deepEqual(
      parsed.rows.map((row) => [row.front, row.back]),
      [
        ['a', 'b'],
        ['c', 'd, e'],
        ['f', 'g'],
      ]
    )
  })

  /* Quizlet's export dialog: "between term and definition" and "between rows", both customisable */
  test('a pasted Quizlet export with custom separators " - " and ";"', ({ assert }) => {
    const exported = 'la pomme - the apple;le chat - the cat;avoir faim - to be hungry;'
    const parsed = parseTextImport(exported, {
      fieldSeparator: { custom: ' - ' },
      cardSeparator: { custom: ';' },
    })
    assert.deepEqual(
      parsed.rows.map((row) => [row.front, row.back]),
      [
        ['la pomme', 'the apple'],
        ['le chat', 'the cat'],
        ['avoir faim', 'to be hungry'],
      ]
    )
    assert.deepEqual(parsed.problems, [])
  })

  test("Quizlet's default export (tab, new line) needs no options", ({ assert }) => {
    const parsed = parseTextImport('la pomme\tthe apple\nle chat\tthe cat\n')
    assert.deepEqual(parsed.detected, { cardSeparator: 'newline', fieldSeparator: 'tab' })
    assert.lengthOf(parsed.rows, 2)
  })

  test('with cards separated by a custom string, new lines inside a card are content', ({
    assert,
  }) => {
    const text = 'word\nwith a second line - its meaning\n\n\nnext - card\n\n\n'
    const parsed = parseTextImport(text, {
      cardSeparator: { custom: '\n\n\n' },
      fieldSeparator: { custom: ' - ' },
    })
    assert.deepEqual(
      parsed.rows.map((row) => [row.line, row.front, row.back]),
      [
        [1, 'word<br>with a second line', 'its meaning'],
        [5, 'next', 'card'],
      ]
    )
  })

  test('a file larger than the detection sample (1 MB) is read whole', ({ assert }) => {
    const lines = Array.from({ length: 60_000 }, (_, i) => `word ${i},meaning ${i}`)
    const parsed = parseTextImport(lines.join('\n'))
    assert.isAbove(lines.join('\n').length, 1024 * 1024)
    assert.deepEqual(parsed.detected, { cardSeparator: 'newline', fieldSeparator: 'comma' })
    assert.lengthOf(parsed.rows, 60_000)
    assert.deepEqual(parsed.rows[59_999], {
      line: 60_000,
      front: 'word 59999',
      back: 'meaning 59999',
      tags: [],
      extra: [],
    })
  })

  test('a card separator equal to the field separator is refused', ({ assert }) => {
    assert.throws(
      () => parseTextImport('a;b', { cardSeparator: 'semicolon', fieldSeparator: { custom: ';' } }),
      /must differ/
    )
    assert.throws(
      () => parseTextImport('a;b', { fieldSeparator: { custom: '' } }),
      /cannot be empty/
    )
  })
})

test.group('Text import: quoted fields', () => {
  test('a separator inside quotes is content', ({ assert }) => {
    assert.deepEqual(pairs('"apple, red",pomme\n"pear",poire'), [
      ['apple, red', 'pomme'],
      ['pear', 'poire'],
    ])
  })

  test('doubled quotes are one quote; a quote inside an unquoted field is a character', ({
    assert,
  }) => {
    assert.deepEqual(pairs('"say ""hi""",dire bonjour\n5" screen,écran de 5 pouces'), [
      ['say "hi"', 'dire bonjour'],
      ['5" screen', 'écran de 5 pouces'],
    ])
  })

  test("a new line inside quotes stays in the card; the next card's line number counts it", ({
    assert,
  }) => {
    const parsed = parseTextImport('"first line\nsecond line",back\nnext,card\n')
    assert.deepEqual(
      parsed.rows.map((row) => [row.line, row.front, row.back]),
      [
        [1, 'first line<br>second line', 'back'],
        [3, 'next', 'card'],
      ]
    )
  })

  test('spaces around quotes are ignored; text after the closing quote is kept', ({ assert }) => {
    assert.deepEqual(pairs('  "a, b"  ,  c  \n"x" y,z'), [
      ['a, b', 'c'],
      ['xy', 'z'],
    ])
  })

  test('a quote that never closes is reported and does not swallow the following lines', ({
    assert,
  }) => {
    const parsed = parseTextImport('ok,fine\n"broken,back\nnext,card\nlast,one\n')
    assert.deepEqual(parsed.problems, [{ line: 2, reason: 'unbalanced_quote' }])
    assert.deepEqual(
      parsed.rows.map((row) => [row.line, row.front]),
      [
        [1, 'ok'],
        [3, 'next'],
        [4, 'last'],
      ]
    )
  })
})

test.group('Text import: problems by line', () => {
  test('a CSV mixing commas and semicolons: the lines of the other separator are reported', ({
    assert,
  }) => {
    const parsed = parseTextImport('apple,pomme\ncat;chat\ndog,chien\nhouse;maison\nbird,oiseau\n')
    assert.deepEqual(parsed.detected.fieldSeparator, 'comma')
    assert.deepEqual(
      parsed.rows.map((row) => row.line),
      [1, 3, 5]
    )
    assert.deepEqual(parsed.problems, [
      { line: 2, reason: 'no_back' },
      { line: 4, reason: 'no_back' },
    ])
  })

  test('an unquoted comma inside an answer gives one field too many: reported, not split silently', ({
    assert,
  }) => {
    const parsed = parseTextImport('apple,pomme\ncherry,cerise, griotte\npear,poire\n')
    assert.deepEqual(parsed.problems, [{ line: 2, reason: 'too_many_fields' }])
    assert.deepEqual(
      parsed.rows.map((row) => row.front),
      ['apple', 'pear']
    )
  })

  test('blank lines and comments are skipped; a trailing separator adds no field', ({ assert }) => {
    const parsed = parseTextImport('a\tb\n\n   \n# a comment\n\t\nc\td\t\n')
    assert.deepEqual(
      parsed.rows.map((row) => [row.line, row.front, row.back, row.extra]),
      [
        [1, 'a', 'b', []],
        [6, 'c', 'd', []],
      ]
    )
    assert.deepEqual(parsed.problems, [])
  })

  test('a file of three columns keeps the third as extra', ({ assert }) => {
    const parsed = parseTextImport('word,meaning,example\nchat,cat,le chat dort\nchien,dog,\n')
    assert.deepEqual(
      parsed.rows.map((row) => [row.front, row.back, row.extra]),
      [
        ['word', 'meaning', ['example']],
        ['chat', 'cat', ['le chat dort']],
        ['chien', 'dog', ['']],
      ]
    )
  })
})

test.group('Text import: Anki headers', () => {
  test('#separator by name or character, #html, #tags, #deck, #notetype', ({ assert }) => {
    const parsed = parseTextImport(
      '#separator:Pipe\n#html:true\n#tags:french  vocab\n#deck:Languages::French\n#notetype:Basic (and reversed ' +
        'card)\n# a comment\n<b>chat</b>|cat\n'
    )
    assert.deepEqual(parsed.header, {
      separator: '|',
      html: true,
      tags: ['french', 'vocab'],
      deck: 'Languages::French',
      notetype: 'Basic (and reversed card)',
    })
    assert.deepEqual(parsed.detected.fieldSeparator, { custom: '|' })
    assert.deepEqual(parsed.rows, [
      { line: 7, front: '<b>chat</b>', back: 'cat', tags: ['french', 'vocab'], extra: [] },
    ])
  })

  test('#separator:{value}')
    .with([
      { value: 'tab', text: 'a\tb, c', front: 'a', back: 'b, c' },
      { value: 'Comma', text: 'a,b\tc', front: 'a', back: 'b\tc' },
      { value: 'semicolon', text: 'a;b,c', front: 'a', back: 'b,c' },
      { value: 'space', text: 'a b', front: 'a', back: 'b' },
      { value: ':', text: 'a:b', front: 'a', back: 'b' },
    ])
    .run(({ assert }, { value, text, front, back }) => {
      assert.deepEqual(pairs(`#separator:${value}\n${text}`), [[front, back]])
    })

  test('#columns names the Tags, Deck and GUID columns; the others are front and back', ({
    assert,
  }) => {
    const parsed = parseTextImport(
      '#separator:tab\n#columns:GUID\tFront\tTags\tBack\n' + 'g1\tchat\tanimal noun\tcat\n'
    )
    assert.deepEqual(parsed.header.columns, ['GUID', 'Front', 'Tags', 'Back'])
    assert.deepEqual(parsed.rows, [
      { line: 3, front: 'chat', back: 'cat', tags: ['animal', 'noun'], extra: [], guid: 'g1' },
    ])
  })

  test('an Anki "notes in plain text" export: notetype, deck, guid and tags columns', ({
    assert,
  }) => {
    const text = [
      '#separator:tab',
      '#html:true',
      '#guid column:1',
      '#notetype column:2',
      '#deck column:3',
      '#tags column:6',
      'aB3$dE5^gH\tBasic\tLanguages::French\t<b>chat</b>\tcat\tanimal',
      'xY7&zZ9*kL\tCloze\tGeography\t{{c1::Paris}} is the capital of France\t\tgeo europe',
    ].join('\n')
    const parsed = parseTextImport(text)
    assert.deepEqual(parsed.rows, [
      {
        line: 7,
        front: '<b>chat</b>',
        back: 'cat',
        tags: ['animal'],
        extra: [],
        deck: 'Languages::French',
        notetype: 'Basic',
        guid: 'aB3$dE5^gH',
      },
      {
        line: 8,
        front: '{{c1::Paris}} is the capital of France',
        back: '',
        tags: ['geo', 'europe'],
        extra: [],
        deck: 'Geography',
        notetype: 'Cloze',
        guid: 'xY7&zZ9*kL',
      },
    ])
    assert.deepEqual(parsed.problems, [])
  })

  test("a first row front,back,tags names the columns (the product's own CSV)", ({ assert }) => {
    const parsed = parseTextImport('front,back,tags\r\nchat,cat,fr animal\r\n')
    assert.deepEqual(parsed.header.columns, ['front', 'back', 'tags'])
    assert.deepEqual(parsed.rows, [
      { line: 2, front: 'chat', back: 'cat', tags: ['fr', 'animal'], extra: [] },
    ])
  })

  test('a # line after the first card is a comment, not a header', ({ assert }) => {
    const parsed = parseTextImport('a,b\n#separator:tab\nc,d\n')
    assert.deepEqual(parsed.header, {})
    assert.deepEqual(
      parsed.rows.map((row) => row.front),
      ['a', 'c']
    )
  })
})

test.group('Text import: HTML', () => {
  test("text is escaped by default (Anki's html:false): & < > and new lines", ({ assert }) => {
    assert.deepEqual(pairs('"a < b & c",<i>not italic</i>\n"two\r\nlines",x'), [
      ['a &lt; b &amp; c', '&lt;i&gt;not italic&lt;/i&gt;'],
      ['two<br>lines', 'x'],
    ])
  })

  test('html: true keeps the fields as written', ({ assert }) => {
    assert.deepEqual(pairs('<b>bold</b>,a &amp; b', { html: true }), [['<b>bold</b>', 'a &amp; b']])
    assert.deepEqual(pairs('#html:true\n<b>bold</b>,x'), [['<b>bold</b>', 'x']])
  })

  test('the option wins over the header', ({ assert }) => {
    assert.deepEqual(pairs('#html:true\n<b>bold</b>,x', { html: false }), [
      ['&lt;b&gt;bold&lt;/b&gt;', 'x'],
    ])
  })
})
