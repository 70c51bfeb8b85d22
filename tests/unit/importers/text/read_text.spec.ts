import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import { fixture as fixturePath } from '#tests/support/fixtures'
import { ImportError, type BundleFormat, type ImportBundle } from '#importers/bundle'
import { collectBundle } from '#importers/bundle_source'
import { readImport } from '#importers/read_import'
import { openTextImport, type TextReadOptions } from '#importers/text/read_text'
import { openTextFile, recordBatches } from '#importers/text/text_stream'
import { tokenize, lineStarts } from '#importers/text/tokenise'

/*
 * The streaming text reader (read_text.ts) against the whole-text parser
 * (parseTextImport + textToBundle, through readImport): the same notes,
 * cards, decks, note types, warnings and refusals for every fixture and
 * for texts whose records cut across reads (quoted fields with new lines,
 * \r\n, custom separators), read a byte at a time and in larger chunks.
 */
const CHUNKS = [1, 2, 3, 7, 64, 64 * 1024]

const encode = (text: string) => Buffer.from(text, 'utf8')
const windows1252 = Buffer.from([
  0x63, 0x61, 0x66, 0xe9, 0x09, 0x80, 0x20, 0x6f, 0x6b, 0x0a, 0x64, 0x09, 0x93, 0x71, 0x94, 0x0a,
])

const TEXTS: { name: string; bytes: Buffer; format?: BundleFormat; options?: TextReadOptions }[] = [
  {
    name: 'quoted fields with new lines, \\r\\n, a quote doubled',
    bytes: encode(
      '"a\r\nb","x ""y"" z"\r\n"c\nd", "e,f" tail\r\nplain,row\r\n"last", "line\r\n"\r\n'
    ),
  },
  {
    name: 'a quote never closed in the middle',
    bytes: encode('one,1\n"two,2\nthree,3\nfour,"4\nfive,5\n'),
  },
  { name: 'a quote never closed at the end', bytes: encode('one,1\ntwo,2\nthree,"3\n') },
  {
    name: 'comments, blank lines, a header',
    bytes: encode(
      '#separator:tab\n#html:false\n#tags:t1 t2\n# a comment\ncat\tle <chat>\n\n#later comment\ndog\tle chien\n ' +
        ' \nhouse\tla maison'
    ),
  },
  {
    name: 'columns, deck and note type columns',
    bytes: encode(
      '#separator:comma\n#columns:Front,Back,Deck,Notetype,Tags\nq1,a1,A::B,Basic,x\n' +
        'q2,a2,A::C,Cloze,y\n{{c1::q3}},,A,Cloze,\nq4,a4,,Odd type,\n'
    ),
  },
  { name: "Mnemo's own CSV", bytes: encode('front,back,tags\n"\'=1+1",two,t\n"multi\nline",x,\n') },
  { name: 'too many fields and missing sides', bytes: encode('a\tb\nc\td\te\nf\t\n\tg\nh\ti\n') },
  {
    name: 'Quizlet: one line of pairs',
    bytes: encode('cat\tle chat;dog\tle chien;house\tla maison'),
  },
  {
    name: 'custom separators',
    bytes: encode(
      'cat - le chat || dog - le chien ||\n house - "la\nmaison" || # not a comment - x'
    ),
    options: { cardSeparator: { custom: ' || ' }, fieldSeparator: { custom: ' - ' } },
  },
  {
    name: 'semicolon cards by option',
    bytes: encode('a,1;\n b,2 ;c,"3;4"'),
    options: { cardSeparator: 'semicolon', fieldSeparator: 'comma' },
  },
  { name: 'Windows-1252', bytes: windows1252 },
  {
    name: 'UTF-16 LE with its BOM',
    bytes: Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('\uFEFFzwei\ttwo\r\n"drei\r\n3"\tthree\r\n', 'utf16le'),
    ]),
  },
  { name: 'mixed separators', bytes: encode('a\tb\nc,d\ne;f\ng h\ni j\n') },
  { name: 'no card at all', bytes: encode('# only a comment\n\n') },
  { name: 'the same GUID twice', bytes: encode('#guid column:3\nq1\ta1\tg1\nq2\ta2\tg1\n') },
  {
    name: 'the same separator twice',
    bytes: encode('a,b\n'),
    options: { cardSeparator: { custom: ',' }, fieldSeparator: 'comma' },
  },
]

/* a bundle without its random guids */
function comparable(bundle: ImportBundle) {
  return {
    ...bundle,
    notes: bundle.notes.map(({ guid, ...note }) => ({
      ...note,
      guid: /^g\d$/.test(guid) ? guid : '',
    })),
  }
}

async function outcome(read: () => Promise<ImportBundle>) {
  try {
    return comparable(await read())
  } catch (error) {
    if (error instanceof ImportError) return { refused: error.key }
    throw error
  }
}

test.group('Text import: the streaming reader reads what the whole-text reader reads', (group) => {
  let dir: string
  group.setup(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mnemo-read-text-'))
    return () => rm(dir, { recursive: true, force: true })
  })

  const compare = async (
    assert: any,
    bytes: Buffer,
    format: 'csv' | 'text',
    options: TextReadOptions = {}
  ) => {
    const path = join(dir, `file-${Math.random().toString(36).slice(2)}`)
    await writeFile(path, bytes)
    const whole = await outcome(() => readImport(format, path, join(dir, 'media'), 'Deck', options))
    for (const chunkBytes of CHUNKS) {
      const streamed = await outcome(async () =>
        collectBundle(await openTextImport(path, format, 'Deck', { ...options, chunkBytes }), 2)
      )
      assert.deepEqual(streamed, whole, `read ${chunkBytes} bytes at a time`)
    }
    return whole
  }

  test('fixture {$self}')
    .with([
      'text-2fields.txt',
      'text-tags.txt',
      'text-ucs2-be-bom.txt',
      'text-update.txt',
      'text-utf8-bom.txt',
    ])
    .run(async ({ assert }, name) => {
      const whole = await compare(assert, await readFile(fixturePath('text', name)), 'text')
      assert.notProperty(whole, 'refused')
    })

  test('every text fixture is compared', async ({ assert }) => {
    assert.lengthOf(await readdir(fixturePath('text')), 5)
  })

  test('{name}')
    .with(TEXTS)
    .run(async ({ assert }, { bytes, options }) => {
      await compare(assert, bytes, 'csv', options)
    })

  test("records and their lines are tokenize()'s, across reads of any size", async ({ assert }) => {
    const text = 'a,"b\r\nc"\r\n\r\n#c\rd,e\r"f""\n",g\n'
    const path = join(dir, 'records.csv')
    await writeFile(path, text)
    const whole = tokenize(text, 0, ',', 'newline', lineStarts(text))
    for (const chunkBytes of CHUNKS) {
      const file = await openTextFile(path, chunkBytes)
      const records = []
      const unbalanced = []
      for await (const batch of recordBatches(file, 0, ',', 'newline')) {
        records.push(...batch.records)
        unbalanced.push(...batch.unbalanced)
      }
      assert.deepEqual({ records, unbalanced }, whole, `read ${chunkBytes} bytes at a time`)
    }
  })

  test('a file over the row cap is refused before any batch', async ({ assert }) => {
    const path = join(dir, 'rows.csv')
    await writeFile(
      path,
      Array.from({ length: 11 }, (_, index) => `q${index},a${index}`).join('\n')
    )
    await assert.rejects(
      () => openTextImport(path, 'csv', 'Deck', { maxRows: 10 }),
      /more than the 10/
    )
    const source = await openTextImport(path, 'csv', 'Deck', { maxRows: 11 })
    assert.equal(source.noteCount, 11)
  })
})
