import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import { fixture } from '#tests/support/fixtures'
import { readOfc } from '#importers/ofc/read_ofc'
import {
  filesUnder,
  importErrorOf,
  pseudoRandomBytes,
  setDeclaredSize,
  writeZip,
} from '#tests/unit/importers/ofc/helpers'

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const MEDIA = pseudoRandomBytes(2_000)

/* a small valid manifest: one Basic note with its card, one media file */
function manifest(): any {
  return {
    format: 'mnemo-ofc',
    version: 1,
    exportedAt: '2026-03-01T09:00:00.000Z',
    includesProgress: false,
    noteTypes: [
      {
        key: 'nt1',
        name: 'Basic',
        kind: 'basic',
        fields: ['Front', 'Back'],
        templates: [{ name: 'Card 1', front: '{{Front}}', back: '{{Back}}' }],
        css: '',
        isCloze: false,
      },
    ],
    decks: [{ key: 'd1', name: 'Deck', parentKey: null }],
    notes: [
      {
        key: 'n1',
        guid: 'g1',
        noteTypeKey: 'nt1',
        deckKey: 'd1',
        fields: { Front: 'a', Back: '<img src="a.png">' },
        tags: [],
      },
    ],
    cards: [{ key: 'c1', noteKey: 'n1', ord: 0, deckKey: 'd1' }],
    media: [{ name: 'a.png', file: '0.png', size: MEDIA.length, sha256: sha256(MEDIA) }],
  }
}

/* progress included, the card unstudied, one review (valid unless changed) */
function withReview(m: any, change: Record<string, unknown>) {
  m.includesProgress = true
  m.cards[0].progress = null
  const review = {
    cardKey: 'c1',
    reviewedAt: '2026-03-01T09:00:00.000Z',
    rating: 3,
    kind: 'review',
    intervalDays: 1,
    lastIntervalDays: 0,
    ease: 2.5,
    durationMs: 1,
  }
  m.reviews = [{ ...review, ...change }]
}

const ofcEntries = (m: unknown, media: Buffer = MEDIA) => [
  { name: 'manifest.json', data: JSON.stringify(m) },
  { name: 'media/0.png', data: media },
]

test.group('.ofc: broken files are refused and leave nothing behind', (group) => {
  let root: string
  let input: string
  let workDir: string
  group.each.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'ofc-broken-'))
    await mkdir(join(root, 'in'))
    input = join(root, 'in', 'deck.ofc')
    workDir = join(root, 'work')
    return () => rm(root, { recursive: true, force: true })
  })

  /* reads the file, expects the key, and checks that the only file under root is still the input */
  async function refused(key: string, options?: { maxUncompressedBytes?: number }) {
    const error = await importErrorOf(readOfc(input, workDir, options))
    if (error.key !== key) throw new Error(`expected ${key}, got ${error.key}: ${error.message}`)
    const left = await filesUnder(root)
    if (left.join() !== join('in', 'deck.ofc'))
      throw new Error(`files left behind: ${left.join(', ')}`)
    return error
  }

  test('the valid file these cases break imports', async ({ assert }) => {
    await writeZip(input, ofcEntries(manifest()))
    const bundle = await readOfc(input, workDir)
    assert.lengthOf(bundle.notes, 1)
    assert.deepEqual(await readFile(bundle.media[0].path), MEDIA)
  })

  test('media names that only look odd import: spaces, unicode, double dots', async ({
    assert,
  }) => {
    const m = manifest()
    m.media[0].name = 'Zelle ..  (1) — 細胞.png'
    await writeZip(input, ofcEntries(m))
    const bundle = await readOfc(input, workDir)
    assert.equal(bundle.media[0].name, 'Zelle ..  (1) — 細胞.png')
    assert.match(bundle.media[0].path, /0\.png$/)
  })

  test('an empty file: import_empty', async ({ assert }) => {
    await writeFile(input, '')
    assert.match((await refused('import_empty')).message, /empty/)
  })

  test('random bytes: import_corrupt', async ({ assert }) => {
    await writeFile(input, pseudoRandomBytes(4096))
    assert.match((await refused('import_corrupt')).message, /zip/)
  })

  test('a truncated file: import_corrupt', async () => {
    await writeZip(input, ofcEntries(manifest()))
    const whole = await readFile(input)
    await writeFile(input, whole.subarray(0, Math.floor(whole.length / 2)))
    await refused('import_corrupt')
  })

  test('a file cut just before its end (the central directory is incomplete): import_corrupt', async () => {
    await writeZip(input, ofcEntries(manifest()))
    const whole = await readFile(input)
    await writeFile(input, whole.subarray(0, whole.length - 30))
    await refused('import_corrupt')
  })

  test('a zip bomb that declares its size: import_too_big before inflating', async ({ assert }) => {
    /* 8 MB of zeros deflate to a few kB */
    const zeros = Buffer.alloc(8 * 1024 * 1024)
    const m = manifest()
    m.media = [{ name: 'a.png', file: '0.png', size: zeros.length, sha256: sha256(zeros) }]
    await writeZip(input, ofcEntries(m, zeros))
    assert.isBelow((await readFile(input)).length, 100_000)
    await refused('import_too_big', { maxUncompressedBytes: 1024 * 1024 })
  })

  test('a zip bomb that lies about its size: import_too_big while inflating, the partial file removed', async () => {
    const zeros = Buffer.alloc(8 * 1024 * 1024)
    const m = manifest()
    m.media = [{ name: 'a.png', file: '0.png', size: 1000, sha256: sha256(zeros) }]
    await writeZip(input, ofcEntries(m, zeros))
    await writeFile(input, setDeclaredSize(await readFile(input), 'media/0.png', 1000))
    await refused('import_too_big', { maxUncompressedBytes: 1024 * 1024 })
  })

  test('over the default limit of 2 GB: import_too_big', async () => {
    await writeZip(input, ofcEntries(manifest()))
    await writeFile(input, setDeclaredSize(await readFile(input), 'media/0.png', 3 * 1024 ** 3))
    await refused('import_too_big')
  })

  test('an entry smaller than it declares: import_corrupt', async ({ assert }) => {
    await writeZip(input, ofcEntries(manifest()))
    await writeFile(input, setDeclaredSize(await readFile(input), 'media/0.png', MEDIA.length + 1))
    assert.match((await refused('import_corrupt')).message, /a\.png/)
  })

  test('a manifest of a higher version: import_wrong_schema, even when its shape changed', async ({
    assert,
  }) => {
    await writeZip(input, ofcEntries({ format: 'mnemo-ofc', version: 2, cards: 'now a map' }))
    assert.match((await refused('import_wrong_schema')).message, /newer/)
  })

  test('a manifest listing a media file the archive lacks: import_corrupt', async ({ assert }) => {
    await writeZip(input, [{ name: 'manifest.json', data: JSON.stringify(manifest()) }])
    assert.match((await refused('import_corrupt')).message, /"a\.png" \(media\/0\.png\) is missing/)
  })

  test('a media file that does not match its checksum: import_corrupt, files already extracted removed', async ({
    assert,
  }) => {
    const m = manifest()
    const other = pseudoRandomBytes(MEDIA.length, 42)
    m.media.push({ name: 'b.png', file: '1.png', size: other.length, sha256: sha256(MEDIA) })
    await writeZip(input, [...ofcEntries(m), { name: 'media/1.png', data: other }])
    assert.match((await refused('import_corrupt')).message, /"b\.png" does not match its checksum/)
  })

  test('no manifest.json: import_corrupt; an Anki package: unsupported_format', async ({
    assert,
  }) => {
    await writeZip(input, [{ name: 'notes.txt', data: 'hello' }])
    assert.match((await refused('import_corrupt')).message, /no manifest\.json/)
    await writeFile(input, await readFile(fixture('anki', 'update1.apkg')))
    await refused('unsupported_format')
  })

  test('a manifest that is not JSON, or not UTF-8: import_corrupt', async () => {
    await writeZip(input, [{ name: 'manifest.json', data: '{"format": "mnemo-ofc", ' }])
    await refused('import_corrupt')
    await writeZip(input, [{ name: 'manifest.json', data: Buffer.from([0x7b, 0xff, 0x7d]) }])
    await refused('import_corrupt')
  })

  test('invalid manifest: {case}')
    .with([
      {
        case: 'a note of an unknown note type',
        change: (m: any) => (m.notes[0].noteTypeKey = 'nope'),
        error: /notes\[0\]\.noteTypeKey: unknown note type "nope"/,
      },
      {
        case: 'a note in an unknown deck',
        change: (m: any) => (m.notes[0].deckKey = 'nope'),
        error: /notes\[0\]\.deckKey: unknown deck/,
      },
      {
        case: 'a card of an unknown note',
        change: (m: any) => (m.cards[0].noteKey = 'nope'),
        error: /cards\[0\]\.noteKey: unknown note/,
      },
      {
        case: "a card beyond its type's templates",
        change: (m: any) => (m.cards[0].ord = 1),
        error: /cards\[0\]\.ord/,
      },
      {
        case: 'two cards of one note with one ord',
        change: (m: any) => m.cards.push({ key: 'c2', noteKey: 'n1', ord: 0, deckKey: 'd1' }),
        error: /cards\[1\]\.ord: duplicate/,
      },
      {
        case: 'a deck under an unknown deck',
        change: (m: any) => (m.decks[0].parentKey = 'nope'),
        error: /decks\[0\]\.parentKey: unknown deck/,
      },
      {
        case: 'a cycle of decks',
        change: (m: any) =>
          m.decks.push(
            { key: 'd2', name: 'A', parentKey: 'd3' },
            { key: 'd3', name: 'B', parentKey: 'd2' }
          ),
        error: /cycle/,
      },
      {
        case: 'two notes with one guid',
        change: (m: any) => m.notes.push({ ...m.notes[0], key: 'n2' }),
        error: /notes\[1\]\.guid: duplicate/,
      },
      {
        case: 'a review of an unknown card',
        change: (m: any) => withReview(m, { cardKey: 'nope' }),
        error: /reviews\[0\]\.cardKey: unknown card/,
      },
      {
        case: 'progress promised but missing',
        change: (m: any) => (m.includesProgress = true),
        error: /cards\[0\]\.progress: missing/,
      },
      {
        case: 'a field that is not a string',
        change: (m: any) => (m.notes[0].fields.Front = 3),
        error: /notes\[0\]\.fields\.Front: expected a string/,
      },
      {
        case: 'an unknown note type kind',
        change: (m: any) => (m.noteTypes[0].kind = 'mystery'),
        error: /noteTypes\[0\]\.kind: unknown value/,
      },
      {
        case: 'a rating of 5',
        change: (m: any) => withReview(m, { rating: 5 }),
        error: /reviews\[0\]\.rating: must be 1 to 4/,
      },
      {
        case: 'a date that is not ISO 8601',
        change: (m: any) => (m.exportedAt = 'yesterday'),
        error: /exportedAt: expected an ISO 8601/,
      },
      {
        case: 'another format',
        change: (m: any) => (m.format = 'anki'),
        error: /format: expected "mnemo-ofc"/,
      },
      {
        case: 'a version that is not a number',
        change: (m: any) => (m.version = '1'),
        error: /version: expected a number/,
      },
      {
        case: 'a media name that climbs out',
        change: (m: any) => (m.media[0].name = '../a.png'),
        error: /media\[0\]\.name: unsafe media name/,
      },
      {
        case: 'a media name that is ..',
        change: (m: any) => (m.media[0].name = '..'),
        error: /media\[0\]\.name: unsafe media name/,
      },
      {
        case: 'a media name with a Windows directory',
        change: (m: any) => (m.media[0].name = '..\\a.png'),
        error: /media\[0\]\.name: unsafe media name/,
      },
      {
        case: 'a media name with a directory',
        change: (m: any) => (m.media[0].name = 'sub/a.png'),
        error: /media\[0\]\.name: unsafe media name/,
      },
      {
        case: 'an entry name that climbs out',
        change: (m: any) => (m.media[0].file = '../../evil.png'),
        error: /media\[0\]\.file: unsafe entry name/,
      },
      {
        case: 'an absolute entry name',
        change: (m: any) => (m.media[0].file = '/etc/passwd'),
        error: /media\[0\]\.file: unsafe entry name/,
      },
      {
        case: 'two media with one name',
        change: (m: any) => m.media.push({ ...m.media[0], file: '1.png' }),
        error: /media\[1\]\.name: duplicate/,
      },
      {
        case: 'a checksum that is not hex',
        change: (m: any) => (m.media[0].sha256 = 'abc'),
        error: /media\[0\]\.sha256/,
      },
      {
        case: 'not an object',
        change: (m: any) => (m.notes = {}),
        error: /manifest\.notes: expected an array/,
      },
    ])
    .run(async ({ assert }, { change, error }) => {
      const m = manifest()
      change(m)
      await writeZip(input, ofcEntries(m))
      assert.match((await refused('import_corrupt')).message, error)
    })
})
