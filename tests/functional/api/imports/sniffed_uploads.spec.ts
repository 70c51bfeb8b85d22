import { test } from '@japa/runner'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import { assertErrorBody, resetState } from '#tests/support/helpers'
import { buildAnkiPackage, writeZip } from '#tests/support/anki_builder'
import { pseudoRandomBytes } from '#tests/unit/importers/helpers'
import { writeOfc } from '#exporters/ofc/write_ofc'
import { parseTextImport } from '#importers/text/parse_text'
import { textToBundle } from '#importers/text/bundle'
import { signIn } from '#tests/support/content'
import { driveFiles, holdings, importFile, upload } from './support.js'

/*
 * POST deck_imports (multipart file, the spec's call): bytes that no reader
 * reads are refused at upload with the spec's "unsupported file format",
 * whatever the file's name says, and leave nothing behind; real files of
 * every format pass. The bytes are judged as they stream to the drive.
 */
const BASIC = {
  noteTypes: [
    {
      id: 1,
      name: 'Basic',
      fields: ['Front', 'Back'],
      templates: [{ name: 'Card 1', front: '{{Front}}', back: '{{Back}}' }],
    },
  ],
  notes: [{ id: 10, guid: 'sniffed', noteTypeId: 1, fields: ['hola', 'hello'] }],
  cards: [{ id: 100, noteId: 10, deckId: 1, ord: 0 }],
}

let scratch: string
async function built(name: string, make: (path: string) => Promise<unknown>) {
  const path = join(scratch, name)
  await make(path)
  return readFile(path)
}

const ankiPackage = (format: 'anki21b' | 'anki2') =>
  built(`${format}.apkg`, (outPath) => buildAnkiPackage({ format, outPath, ...BASIC }))
const zipOf = (entries: { name: string; data: Buffer }[]) =>
  built(`zip-${Math.random()}.zip`, (path) => writeZip(path, entries))
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  pseudoRandomBytes(2000),
])

test.group('API deck imports: the bytes decide, not the name', (group) => {
  group.each.setup(async () => {
    await resetState()
    scratch = await mkdtemp(join(tmpdir(), 'sniffed-'))
    return () => rm(scratch, { recursive: true, force: true })
  })

  const refused: [string, () => Promise<Buffer>, string][] = [
    ['random bytes named .apkg', async () => pseudoRandomBytes(8192), 'random.apkg'],
    ['random bytes named .colpkg', async () => pseudoRandomBytes(300 * 1024), 'collection.colpkg'],
    [
      'a PDF named .apkg',
      async () =>
        Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), pseudoRandomBytes(4000)]),
      'notes.apkg',
    ],
    [
      'a zip without a collection named .apkg',
      () => zipOf([{ name: 'readme.txt', data: Buffer.from('collection.anki2 is not here') }]),
      'photos.apkg',
    ],
    ['an Anki package named .ofc', () => ankiPackage('anki2'), 'deck.ofc'],
    [
      'a zip named .csv',
      () => zipOf([{ name: 'words.csv', data: Buffer.from('a,b\n') }]),
      'words.csv',
    ],
    ['a PNG named .txt', async () => PNG, 'picture.txt'],
    [
      'UTF-16 without its byte-order mark named .csv',
      async () => Buffer.from('front,back\nuno,one\n', 'utf16le'),
      'utf16.csv',
    ],
    /* judged at its first bytes, then drained: 3 MB never reach the drive */
    [
      '3 MB of random bytes named .apkg',
      async () => pseudoRandomBytes(3 * 1024 * 1024),
      'big.apkg',
    ],
    /* zip-shaped all along: judged at the end, and the stored bytes removed */
    [
      '3 MB zip without a collection named .apkg',
      () => zipOf([{ name: 'media', data: pseudoRandomBytes(3 * 1024 * 1024) }]),
      'big-zip.apkg',
    ],
  ]
  for (const [label, bytes, name] of refused) {
    test(`refused at upload, leaving nothing: ${label}`, async ({ client, assert }) => {
      const { user, token } = await signIn()
      const before = { ...(await holdings(user.id)), files: await driveFiles() }
      const response = await upload(client, token, await bytes(), name)
      response.assertStatus(422)
      assertErrorBody(assert, response.body(), 'E_UNSUPPORTED_FORMAT')
      assert.equal(response.body().title, 'Unsupported file format')
      assert.deepEqual(response.body().errors, [
        { field: 'file', rule: 'E_UNSUPPORTED_FORMAT', message: 'Unsupported file format' },
      ])
      /* no deck, no row, no file on the drive */
      const after = { ...(await holdings(user.id)), files: await driveFiles() }
      assert.deepEqual(after, before, JSON.stringify({ after, before }))
      assert.equal(Number((await db.from('deck_imports').count('* as n').first()).n), 0)
    })
  }

  test('real files of every format pass and import', async ({ client, assert }) => {
    const { token } = await signIn()
    const bundle = textToBundle(parseTextImport('gato\tcat\nperro\tdog'), {
      deckName: 'Animals',
      format: 'text',
    })
    const accepted: [Buffer, string, number][] = [
      [await ankiPackage('anki21b'), 'modern.apkg', 1],
      [await ankiPackage('anki2'), 'legacy.apkg', 1],
      [await ankiPackage('anki21b'), 'whole.colpkg', 1],
      [
        await built('animals.ofc', (path) => writeOfc(bundle, path, { includeProgress: false })),
        'animals.ofc',
        2,
      ],
      [Buffer.from('\ufefffront,back\nuno,one\n'), 'utf8-bom.csv', 1],
      [
        Buffer.concat([
          Buffer.from([0xff, 0xfe]),
          Buffer.from('front\tback\nuno\tone\n', 'utf16le'),
        ]),
        'utf16.txt',
        1,
      ],
      [Buffer.from('caf\xe9\tcoffee\nna\xefve\tnaive\n', 'latin1'), 'windows-1252.tsv', 2],
    ]
    for (const [bytes, name, notes] of accepted) {
      const done = await importFile(client, token, bytes, name)
      assert.equal(done.status, 'done', `${name}: ${JSON.stringify(done)}`)
      assert.equal(done.counts.notes + done.counts.updated, notes, name)
    }
  })
})
