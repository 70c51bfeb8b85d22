import { readFile, rm, stat, writeFile } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { DatabaseSync } from 'node:sqlite'
import { zstdCompressSync } from 'node:zlib'
import { test } from '@japa/runner'
import { readAnkiPackage } from '#importers/anki/read_package'
import { encodePackageMetadata } from '#importers/anki/protobuf/messages'
import { SCHEMA11_GRAVES, SCHEMA11_TABLES } from '#importers/anki/schema11'
import {
  buildAnkiPackage,
  buildLegacyCollection,
  writeZip,
  type ZipEntrySpec,
} from '#tests/support/anki_builder'
import {
  filesUnder,
  fixture,
  importErrorOf,
  pseudoRandomBytes,
  scratch,
} from '#tests/unit/importers/anki/helpers'

/*
 * Files the reader must refuse with a stable ImportError key, leaving
 * nothing behind: after each case the scratch root holds only the input.
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
  notes: [{ id: 10, guid: 'g', noteTypeId: 1, fields: ['a', 'b'] }],
  cards: [{ id: 100, noteId: 10, deckId: 1, ord: 0 }],
}

/** yields `total` bytes of zeros in 1 MB chunks: a huge entry without a huge buffer */
function zeros(total: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024)
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < total; sent += chunk.length)
        yield chunk.subarray(0, Math.min(chunk.length, total - sent))
    })()
  )
}

/** Sets an entry's uncompressed size in both its local header and the central directory: a lying zip. */
function setDeclaredSize(zip: Buffer, entryName: string, size: number): Buffer {
  const patched = Buffer.from(zip)
  const name = Buffer.from(entryName)
  for (let at = 0; at < patched.length - 46; at++) {
    const signature = patched.readUInt32LE(at)
    if (
      signature === 0x04034b50 &&
      patched.subarray(at + 30, at + 30 + name.length).equals(name) &&
      patched.readUInt16LE(at + 26) === name.length
    ) {
      patched.writeUInt32LE(size, at + 22)
    }
    if (
      signature === 0x02014b50 &&
      patched.subarray(at + 46, at + 46 + name.length).equals(name) &&
      patched.readUInt16LE(at + 28) === name.length
    ) {
      patched.writeUInt32LE(size, at + 24)
    }
  }
  return patched
}

test.group('Anki broken input: refused with a stable key, nothing left behind', (group) => {
  let dir: Awaited<ReturnType<typeof scratch>>
  let input: string
  group.each.setup(async () => {
    dir = await scratch('anki-broken-')
    input = dir.input('deck.apkg')
    return () => dir.remove()
  })

  async function refused(key: string, options?: { maxUncompressedBytes?: number }) {
    const error = await importErrorOf(readAnkiPackage(input, dir.workDir, options))
    if (error.key !== key) throw new Error(`expected ${key}, got ${error.key}: ${error.message}`)
    const left = await filesUnder(dir.root)
    if (left.join() !== 'deck.apkg') throw new Error(`files left behind: ${left.join(', ')}`)
    return error
  }

  const zipOf = (entries: ZipEntrySpec[]) => writeZip(input, entries)
  /** the bytes of an SQLite file made by `make`, the file itself removed again */
  const sqliteBytes = async (make: (path: string) => void) => {
    const path = dir.input('scratch.sqlite')
    make(path)
    const bytes = await readFile(path)
    await rm(path)
    return bytes
  }
  const legacyCollection = (edit?: (db: DatabaseSync) => void) =>
    sqliteBytes((path) => {
      buildLegacyCollection(path, BASIC)
      if (edit) {
        const db = new DatabaseSync(path)
        edit(db)
        db.close()
      }
    })

  test('the valid package these cases break reads', async ({ assert }) => {
    await zipOf([{ name: 'collection.anki2', data: await legacyCollection() }])
    const bundle = await readAnkiPackage(input, dir.workDir)
    assert.lengthOf(bundle.notes, 1)
  })

  test('an empty file: import_empty', async ({ assert }) => {
    await writeFile(input, '')
    assert.match((await refused('import_empty')).message, /empty/)
  })

  test('random bytes: unsupported_format', async () => {
    await writeFile(input, pseudoRandomBytes(5_000))
    await refused('unsupported_format')
  })

  test('a CSV file named .apkg: unsupported_format', async () => {
    await writeFile(input, 'front,back\nhola,hello\n')
    await refused('unsupported_format')
  })

  test('a bare collection.anki2 (SQLite, not zipped): unsupported_format', async () => {
    await writeFile(input, await legacyCollection())
    await refused('unsupported_format')
  })

  test('a zip cut in half: import_corrupt', async ({ assert }) => {
    const whole = await readFile(fixture('ankidroid-templates.apkg'))
    await writeFile(input, whole.subarray(0, Math.floor(whole.length / 2)))
    assert.match((await refused('import_corrupt')).message, /zip/)
  })

  test('a zip whose collection data is damaged: import_corrupt', async () => {
    const whole = Buffer.from(await readFile(fixture('update1.apkg')))
    /* flip bytes in the middle of the deflated collection, keep the directory */
    for (let at = 200; at < 600; at++) whole[at] ^= 0xa5
    await writeFile(input, whole)
    await refused('import_corrupt')
  })

  test('an empty zip: import_empty', async () => {
    await zipOf([])
    await refused('import_empty')
  })

  test('a zip without any collection: unsupported_format', async ({ assert }) => {
    await zipOf([
      { name: 'media', data: Buffer.from('{}') },
      { name: 'notes.txt', data: Buffer.from('hello') },
    ])
    assert.match((await refused('unsupported_format')).message, /no Anki collection/)
  })

  test('a collection that is not SQLite: import_corrupt', async ({ assert }) => {
    await zipOf([{ name: 'collection.anki2', data: pseudoRandomBytes(8_192) }])
    assert.match((await refused('import_corrupt')).message, /not an SQLite database/)
  })

  test('an SQLite file of another application: import_wrong_schema', async ({ assert }) => {
    const other = await sqliteBytes((path) => {
      const db = new DatabaseSync(path)
      db.exec(
        "CREATE TABLE songs (id integer PRIMARY KEY, title text); INSERT INTO songs VALUES (1, 'x')"
      )
      db.close()
    })
    await zipOf([{ name: 'collection.anki2', data: other }])
    assert.match(
      (await refused('import_wrong_schema')).message,
      /missing col, notes, cards, revlog/
    )
  })

  test('a collection missing a column (notes.flds): import_wrong_schema', async ({ assert }) => {
    const bytes = await legacyCollection((db) => db.exec('ALTER TABLE notes DROP COLUMN flds'))
    await zipOf([{ name: 'collection.anki2', data: bytes }])
    assert.match((await refused('import_wrong_schema')).message, /notes\.flds/)
  })

  test('a schema-18 collection without its notetypes table: import_wrong_schema', async ({
    assert,
  }) => {
    const bytes = await sqliteBytes((path) => {
      const db = new DatabaseSync(path)
      db.exec(SCHEMA11_TABLES + SCHEMA11_GRAVES)
      db.exec("INSERT INTO col VALUES (1, 0, 0, 0, 18, 0, 0, 0, '', '', '', '', '')")
      db.close()
    })
    await zipOf([
      { name: 'meta', data: Buffer.from(encodePackageMetadata(3)) },
      { name: 'collection.anki21b', data: zstdCompressSync(bytes) },
    ])
    assert.match((await refused('import_wrong_schema')).message, /notetypes/)
  })

  test('col.models that is not JSON: import_corrupt', async () => {
    const bytes = await legacyCollection((db) => db.exec("UPDATE col SET models = '{not json'"))
    await zipOf([{ name: 'collection.anki2', data: bytes }])
    await refused('import_corrupt')
  })

  test('a collection of a newer schema (19): unsupported_format', async () => {
    const bytes = await legacyCollection((db) => db.exec('UPDATE col SET ver = 19'))
    await zipOf([{ name: 'collection.anki2', data: bytes }])
    await refused('unsupported_format')
  })

  test('a package version Anki has not made yet (meta 4): unsupported_format', async () => {
    await zipOf([
      { name: 'meta', data: Buffer.from(encodePackageMetadata(4)) },
      { name: 'collection.anki21b', data: pseudoRandomBytes(100) },
    ])
    await refused('unsupported_format')
  })

  test('meta says latest but only the stub collection.anki2 is there: import_corrupt', async () => {
    await zipOf([
      { name: 'meta', data: Buffer.from(encodePackageMetadata(3)) },
      { name: 'collection.anki2', data: await legacyCollection() },
    ])
    await refused('import_corrupt')
  })

  test('collection.anki21b that is not zstd: import_corrupt', async () => {
    await zipOf([
      { name: 'meta', data: Buffer.from(encodePackageMetadata(3)) },
      { name: 'collection.anki21b', data: pseudoRandomBytes(4_096) },
    ])
    await refused('import_corrupt')
  })

  test('a damaged latest media list: import_corrupt', async () => {
    const built = await buildAnkiPackage({
      format: 'anki21b',
      outPath: dir.input('good.apkg'),
      ...BASIC,
      media: [{ name: 'a.png', data: 'x' }],
    })
    const { default: yauzl } = await import('yauzl')
    /* rebuild the package with the same entries but a media list of garbage */
    const entries: ZipEntrySpec[] = []
    const zip = await yauzl.openPromise(built, { lazyEntries: true, autoClose: false })
    for await (const entry of zip.eachEntry()) {
      const chunks: Buffer[] = []
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
      entries.push({
        name: entry.fileName,
        data:
          entry.fileName === 'media'
            ? zstdCompressSync(Buffer.from([0x0a, 0x50, 0x01]))
            : Buffer.concat(chunks),
      })
    }
    zip.close()
    await rm(built)
    await zipOf(entries)
    await refused('import_corrupt')
  })

  test('a zip bomb: 64 MB of zeros in one entry (ratio above 1000:1) is refused before extraction', async ({
    assert,
  }) => {
    await zipOf([{ name: 'collection.anki2', data: zeros(64 * 1024 * 1024) }])
    /* the bomb really is what it claims: a small file declaring 64 MB */
    assert.isBelow((await stat(input)).size, 100_000)
    assert.match((await refused('import_corrupt')).message, /compression ratio/)
  })

  test('declared sizes above the limit: import_too_big', async ({ assert }) => {
    await zipOf([{ name: 'collection.anki2', data: pseudoRandomBytes(3 * 1024 * 1024) }])
    assert.match(
      (await refused('import_too_big', { maxUncompressedBytes: 1024 * 1024 })).message,
      /declares more than/
    )
  })

  test('a zstd collection that unpacks past the limit is stopped while unpacking: import_too_big', async ({
    assert,
  }) => {
    /* 40 MB of zeros in a few kB of zstd, stored: the zip declares only those few kB */
    const frame = zstdCompressSync(Buffer.alloc(40 * 1024 * 1024))
    assert.isBelow(frame.length, 10_000)
    await zipOf([
      { name: 'meta', data: Buffer.from(encodePackageMetadata(3)) },
      { name: 'collection.anki21b', data: frame, compress: false },
    ])
    assert.match(
      (await refused('import_too_big', { maxUncompressedBytes: 8 * 1024 * 1024 })).message,
      /unpacks to more than/
    )
  })

  test('an entry that inflates past the size it declares: import_corrupt', async () => {
    await zipOf([{ name: 'collection.anki2', data: pseudoRandomBytes(200_000) }])
    await writeFile(input, setDeclaredSize(await readFile(input), 'collection.anki2', 1_000))
    await refused('import_corrupt')
  })
})

test.group('Anki broken input: media names', () => {
  test('a media name with a path ("../evil.png") is never written, inside or outside workDir', async ({
    assert,
    cleanup,
  }) => {
    const dir = await scratch('anki-evil-')
    cleanup(dir.remove)
    const path = await buildAnkiPackage({
      format: 'anki21',
      outPath: dir.input('deck.apkg'),
      ...BASIC,
      notes: [
        {
          id: 10,
          guid: 'g',
          noteTypeId: 1,
          fields: ['<img src="../evil.png">', '<img src="ok.png">'],
        },
      ],
      media: [
        { name: '../evil.png', data: 'evil' },
        { name: 'ok.png', data: 'fine' },
      ],
    })
    const bundle = await readAnkiPackage(path, dir.workDir)
    assert.deepEqual(
      bundle.media.map((media) => media.name),
      ['ok.png']
    )
    assert.include(
      bundle.warnings.map((warning) => warning.message),
      '1 media file(s) with an unsafe name (folders, "..") were left out'
    )
    const files = await filesUnder(dir.root)
    assert.isFalse(files.some((file) => file.includes('evil')))
    assert.lengthOf(files, 2)
  })
})
