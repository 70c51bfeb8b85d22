import { test } from '@japa/runner'
import { escapeText, parseTextImport } from '#importers/text/parse_text'
import { writeCsv } from '#exporters/csv/write_csv'

/* fields chosen to break a naive writer or reader */
const TRICKY = [
  { front: '<b>chat</b> &amp; <i>chien</i>', back: '<img src="cat.jpg">', tags: ['fr', 'animal'] },
  { front: 'le chat, la chatte', back: 'cat; she-cat', tags: [] },
  { front: 'say "hi"', back: '"quoted"', tags: ['quotes'] },
  { front: 'line one\nline two', back: 'crlf\r\ninside', tags: [] },
  { front: 'tab\there', back: '  padded  ', tags: [] },
  { front: '#not a comment', back: '# neither', tags: [] },
  { front: 'front', back: 'back', tags: ['tags'] },
  { front: '食べる', back: 'to eat 🍣', tags: ['日本語'] },
]

test.group('CSV export', () => {
  test('RFC 4180: a header row, CRLF, quotes only where needed, HTML as is', ({ assert }) => {
    const csv = writeCsv([
      { front: '<b>chat</b>', back: 'le chat, la chatte', tags: ['fr', 'animal'] },
      { front: 'say "hi"', back: 'line1\nline2', tags: [] },
    ])
    assert.equal(
      csv,
      'front,back,tags\r\n' +
        '<b>chat</b>,"le chat, la chatte",fr animal\r\n' +
        '"say ""hi""","line1\nline2",\r\n'
    )
  })

  test('no rows: the header row alone', ({ assert }) => {
    assert.equal(writeCsv([]), 'front,back,tags\r\n')
  })

  test('a leading # and surrounding spaces are quoted, so they read back', ({ assert }) => {
    assert.equal(
      writeCsv([{ front: '#1', back: ' x', tags: [] }]),
      'front,back,tags\r\n"#1"," x",\r\n'
    )
  })

  /* OWASP's CSV-injection guidance: a field a spreadsheet would run as a formula starts with a quote, inside quotes */
  test('fields starting with = + - @ tab or CR are written with a leading single quote, quoted', ({
    assert,
  }) => {
    const csv = writeCsv([
      { front: '=HYPERLINK("http://evil.test","x")', back: '+49 30 1234', tags: ['-draft'] },
      { front: '@SUM(A1:A2)', back: '\tindented', tags: [] },
      { front: '\rcarriage', back: '-5', tags: ['a', '-b'] },
      { front: "'=already quoted", back: "'plain quote", tags: [] },
      { front: 'a=b', back: 'x -5', tags: [] },
    ])
    assert.equal(
      csv,
      'front,back,tags\r\n' +
        `"'=HYPERLINK(""http://evil.test"",""x"")","'+49 30 1234","'-draft"\r\n` +
        `"'@SUM(A1:A2)","'\tindented",\r\n` +
        `"'\rcarriage","'-5",a -b\r\n` +
        `"''=already quoted",'plain quote,\r\n` +
        'a=b,x -5,\r\n'
    )
  })

  test("reading Mnemo's own CSV back takes the quote off again, and only that quote", ({
    assert,
  }) => {
    const rows = [
      { front: '=1+1', back: '-5', tags: ['-draft', 'maths'] },
      { front: '+49 30 1234', back: '@home', tags: [] },
      { front: "'=already quoted", back: "'plain quote", tags: [] },
      { front: "''-two", back: '\tindented', tags: [] },
    ]
    const parsed = parseTextImport(writeCsv(rows), { html: true })
    assert.deepEqual(parsed.problems, [])
    assert.deepEqual(
      parsed.rows.map(({ front, back, tags }) => ({ front, back, tags })),
      rows
    )
    /* a CSV that is not Mnemo's own (no front,back,tags header) is read as written */
    const foreign = parseTextImport('"\'-5","\'=x"\r\nq,a\r\n', { html: true })
    assert.deepEqual(
      foreign.rows.map(({ front, back }) => [front, back]),
      [
        ["'-5", "'=x"],
        ['q', 'a'],
      ]
    )
  })

  test('round trip: written HTML read back with html: true is the same rows', ({ assert }) => {
    const parsed = parseTextImport(writeCsv(TRICKY), { html: true })
    assert.deepEqual(parsed.problems, [])
    assert.deepEqual(parsed.detected, { cardSeparator: 'newline', fieldSeparator: 'comma' })
    assert.deepEqual(
      parsed.rows.map(({ front, back, tags }) => ({ front, back, tags })),
      TRICKY
    )
  })

  /* the product's CSV export holds plain text: read back, it becomes the HTML that shows the same text */
  test('round trip: plain text read back by default is that text, escaped', ({ assert }) => {
    const plain = [
      { front: 'x < y & z > w', back: 'first\nsecond', tags: ['maths'] },
      { front: 'Tom & Jerry', back: 'a, b', tags: [] },
    ]
    const parsed = parseTextImport(writeCsv(plain))
    assert.deepEqual(
      parsed.rows.map(({ front, back, tags }) => ({ front, back, tags })),
      [
        { front: 'x &lt; y &amp; z &gt; w', back: 'first<br>second', tags: ['maths'] },
        { front: 'Tom &amp; Jerry', back: 'a, b', tags: [] },
      ]
    )
    assert.equal(escapeText('first\nsecond'), 'first<br>second')
  })
})
