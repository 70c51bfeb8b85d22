import { test } from '@japa/runner'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FormatSniffer, type Verdict } from '#importers/sniff_format'
import { buildAnkiPackage, writeZip } from '#tests/support/anki_builder'
import { pseudoRandomBytes } from '#tests/unit/importers/helpers'
import type { BundleFormat } from '#importers/bundle'

/** The verdict on `bytes` fed in chunks of `size` (1 byte splits every header and name). */
function judge(format: BundleFormat, bytes: Buffer, size: number): Verdict {
  const sniffer = new FormatSniffer(format)
  for (let at = 0; at < bytes.length; at += size) {
    if (sniffer.push(bytes.subarray(at, at + size)) === 'refused') return 'refused'
  }
  return sniffer.finish()
}

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

test.group('Upload sniffing', (group) => {
  let dir: string
  group.each.setup(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sniff-'))
    return () => rm(dir, { recursive: true, force: true })
  })

  test('an Anki package is found whatever the chunk boundaries, and a zip without a collection is not', async ({
    assert,
  }) => {
    const modern = await readFile(
      await buildAnkiPackage({ format: 'anki21b', outPath: join(dir, 'm.apkg'), ...BASIC })
    )
    const legacy = await readFile(
      await buildAnkiPackage({ format: 'anki2', outPath: join(dir, 'l.apkg'), ...BASIC })
    )
    /* the collection last, behind 200 kB of media */
    const late = await readFile(
      await writeZip(join(dir, 'late.apkg'), [
        { name: 'media', data: pseudoRandomBytes(200 * 1024), compress: false },
        { name: 'collection.anki21', data: Buffer.from('sqlite stand-in') },
      ])
    )
    const none = await readFile(
      await writeZip(join(dir, 'none.apkg'), [
        { name: 'collection.anki2.bak', data: Buffer.from('x') },
        { name: 'sub/collection.anki2', data: Buffer.from('x') },
      ])
    )
    for (const size of [1, 7, 64, 65_536]) {
      assert.equal(judge('apkg', modern, size), 'accepted', `modern, chunks of ${size}`)
      assert.equal(judge('colpkg', legacy, size), 'accepted', `legacy, chunks of ${size}`)
      assert.equal(judge('apkg', late, size), 'accepted', `late, chunks of ${size}`)
      assert.equal(judge('apkg', none, size), 'refused', `none, chunks of ${size}`)
      assert.equal(
        judge('ofc', modern, size),
        'refused',
        `an Anki package is no .ofc, chunks of ${size}`
      )
    }
  })

  test('what is not a zip is refused at its first bytes', async ({ assert }) => {
    const sniffer = new FormatSniffer('apkg')
    assert.equal(sniffer.push(Buffer.from('%PDF-1.7')), 'refused')
    assert.equal(judge('ofc', Buffer.from('PK'), 1), 'refused')
    /* an empty upload has its own message */
    assert.equal(new FormatSniffer('apkg').finish(), 'undecided')
    assert.equal(new FormatSniffer('csv').finish(), 'undecided')
  })

  test('text: UTF-8, UTF-16 with its mark and Windows-1252 pass; binary does not', async ({
    assert,
  }) => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('front\tback\r\nuno\tone\n', 'utf16le'),
    ])
    assert.equal(judge('csv', Buffer.from('front,back\nçà,é\n'), 3), 'accepted')
    assert.equal(judge('text', utf16, 5), 'accepted')
    assert.equal(judge('text', Buffer.from('caf\xe9\tcoffee\x1a', 'latin1'), 4), 'accepted')
    assert.equal(judge('csv', Buffer.from('front,back\nuno,one\n', 'utf16le'), 4), 'refused')
    assert.equal(
      judge(
        'text',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
        2
      ),
      'refused'
    )
    /* only the first 64 kB are judged: a late NUL is the reader's business */
    const long = Buffer.concat([Buffer.alloc(70 * 1024, 'a'), Buffer.from([0])])
    assert.equal(judge('csv', long, 4096), 'accepted')
    assert.equal(
      judge('csv', Buffer.concat([Buffer.alloc(1000, 'a'), Buffer.from([0])]), 4096),
      'refused'
    )
  })
})
