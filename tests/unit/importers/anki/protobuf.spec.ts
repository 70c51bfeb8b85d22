import { test } from '@japa/runner'
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire'
import {
  decodeDeckKind,
  decodeFieldConfig,
  decodeMediaEntries,
  decodeNotetypeConfig,
  decodePackageMetadata,
  decodeTemplateConfig,
  encodeDeckKind,
  encodeFieldConfig,
  encodeMediaEntries,
  encodeNotetypeConfig,
  encodePackageMetadata,
  encodeTemplateConfig,
  ProtoError,
} from '#importers/anki/protobuf/messages'

const hex = (text: string) =>
  Uint8Array.from(
    text
      .split(/\s+/)
      .filter(Boolean)
      .map((byte) => Number.parseInt(byte, 16))
  )
const bytesOf = (text: string) =>
  [...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, '0')).join(' ')
/** a raw blob, field by field, as another writer (Anki) may lay it out */
const raw = () => new BinaryWriter()

/* byte strings from the protobuf encoding rules (developers.google.com/protocol-buffers/docs/encoding) */
test.group('Anki protobuf messages: the encoding rules', () => {
  test('varints: 1, 150 and 300 as the encoding guide writes them', ({ assert }) => {
    assert.deepEqual([...encodePackageMetadata(150)], [0x08, 0x96, 0x01])
    /* MediaEntry.size is field 2: 10 ac 02 inside the entry's 3 bytes */
    assert.deepEqual(
      [...encodeMediaEntries([{ name: '', size: 300, sha1: new Uint8Array(0) }])],
      [0x0a, 0x03, 0x10, 0xac, 0x02]
    )
    assert.equal(decodePackageMetadata(Uint8Array.from([0x08, 0x96, 0x01])).version, 150)
    assert.equal(decodeMediaEntries(hex('0a 03 10 ac 02'))[0].size, 300)
  })

  test('a negative enum value (an int32) takes ten bytes and reads back', ({ assert }) => {
    const bytes = encodePackageMetadata(-2)
    assert.lengthOf(bytes, 11)
    assert.equal(decodePackageMetadata(bytes).version, -2)
  })

  test('PackageMetadata { version: VERSION_LATEST } is 08 03', ({ assert }) => {
    assert.deepEqual(decodePackageMetadata(Uint8Array.from([0x08, 0x03])), { version: 3 })
    assert.deepEqual(decodePackageMetadata(new Uint8Array(0)), { version: 0 })
    assert.deepEqual([...encodePackageMetadata(3)], [0x08, 0x03])
  })

  test('MediaEntries: names, sizes, sha1 and the legacy zip name (field 255)', ({ assert }) => {
    const sha1 = Uint8Array.from({ length: 20 }, (_, i) => i)
    const bytes = encodeMediaEntries([
      { name: 'a.png', size: 1234, sha1 },
      { name: 'ü.mp3', size: 0, sha1 },
    ])
    const entries = decodeMediaEntries(bytes)
    assert.deepEqual(
      entries.map((entry) => [entry.name, entry.size, entry.legacyZipFilename]),
      [
        ['a.png', 1234, null],
        ['ü.mp3', 0, null],
      ]
    )
    assert.deepEqual([...entries[0].sha1], [...sha1])
    const legacy = raw()
      .tag(1, WireType.LengthDelimited)
      .fork()
      .tag(1, WireType.LengthDelimited)
      .string('x.jpg')
      .tag(255, WireType.Varint)
      .uint32(7)
      .join()
      .finish()
    assert.equal(decodeMediaEntries(legacy)[0].legacyZipFilename, 7)
  })

  test('unknown fields of every wire type are skipped', ({ assert }) => {
    const bytes = raw()
      .tag(20, WireType.Bit64)
      .fixed64(99n)
      .tag(21, WireType.Bit32)
      .fixed32(5)
      .tag(3, WireType.LengthDelimited)
      .string('css here')
      .tag(1, WireType.Varint)
      .int32(1)
      .tag(22, WireType.LengthDelimited)
      .bytes(Uint8Array.from([1, 2]))
      .tag(9, WireType.Varint)
      .int32(6)
      .finish()
    assert.deepEqual(decodeNotetypeConfig(bytes), {
      cloze: true,
      css: 'css here',
      originalStockKind: 6,
      sortField: 0,
    })
  })

  test('template, field and deck blobs', ({ assert }) => {
    const template = raw()
      .tag(1, WireType.LengthDelimited)
      .string('{{Front}}')
      .tag(2, WireType.LengthDelimited)
      .string('{{Back}}')
      .tag(5, WireType.Varint)
      .int64(0)
      .finish()
    assert.deepEqual(decodeTemplateConfig(template), { front: '{{Front}}', back: '{{Back}}' })
    /* tag is proto3 `optional`: present with 0 is not absent */
    assert.deepEqual(
      decodeFieldConfig(
        raw()
          .tag(3, WireType.LengthDelimited)
          .string('Arial')
          .tag(10, WireType.Varint)
          .uint32(0)
          .finish()
      ),
      { tag: 0 }
    )
    assert.deepEqual(
      decodeFieldConfig(raw().tag(3, WireType.LengthDelimited).string('Arial').finish()),
      { tag: null }
    )
    const normal = raw()
      .tag(1, WireType.LengthDelimited)
      .fork()
      .tag(1, WireType.Varint)
      .int64(1)
      .join()
      .finish()
    const filtered = raw()
      .tag(2, WireType.LengthDelimited)
      .fork()
      .tag(1, WireType.Varint)
      .bool(true)
      .join()
      .finish()
    assert.equal(decodeDeckKind(normal), 'normal')
    assert.equal(decodeDeckKind(filtered), 'filtered')
    assert.equal(decodeDeckKind(new Uint8Array(0)), 'unknown')
  })

  test('truncated or malformed input throws ProtoError: {$self}')
    .with([
      'length past the end',
      'unfinished varint',
      'group wire type',
      'field number 0',
      'a string that is not UTF-8',
    ])
    .run(({ assert }, name) => {
      /* each byte string given to a message whose field 1 has the shape the case breaks */
      const cases: Record<string, () => unknown> = {
        'length past the end': () => decodeTemplateConfig(hex('0a 05 61')),
        'unfinished varint': () => decodePackageMetadata(hex('08 96')),
        /* a start-group tag that never ends (FieldConfig has no field 1: skipped as unknown) */
        'group wire type': () => decodeFieldConfig(hex('0b')),
        'field number 0': () => decodeNotetypeConfig(hex('00 01')),
        /* Anki (prost) refuses such a string too */
        'a string that is not UTF-8': () => decodeNotetypeConfig(hex('1a 02 c3 28')),
      }
      assert.throws(cases[name], ProtoError)
    })
})

/*
 * Blobs as Anki 2.1.50+ stores them in a schema-18 collection, written out by
 * hand from the field numbers: each row of the table decodes to what the
 * reader needs, and encoding the decoded value gives the same bytes back.
 */
test.group('Anki protobuf messages: a known table of blobs', () => {
  const table = [
    {
      what: 'notetypes.config of a cloze type (kind 1, css, original_stock_kind 5)',
      bytes: `08 01 1a 05 ${bytesOf('.card')} 48 05`,
      decode: decodeNotetypeConfig,
      value: { cloze: true, css: '.card', originalStockKind: 5, sortField: 0 },
      encode: () => encodeNotetypeConfig({ cloze: true, css: '.card', originalStockKind: 5 }),
    },
    {
      what: 'notetypes.config sorted by its third field (sort_field_idx 2)',
      bytes: `10 02 1a 05 ${bytesOf('.card')}`,
      decode: decodeNotetypeConfig,
      value: { cloze: false, css: '.card', originalStockKind: 0, sortField: 2 },
      encode: () =>
        encodeNotetypeConfig({ cloze: false, css: '.card', originalStockKind: 0, sortField: 2 }),
    },
    {
      what: "templates.config of Basic's card (q_format, a_format)",
      bytes: `0a 09 ${bytesOf('{{Front}}')} 12 08 ${bytesOf('{{Back}}')}`,
      decode: decodeTemplateConfig,
      value: { front: '{{Front}}', back: '{{Back}}' },
      encode: () => encodeTemplateConfig({ front: '{{Front}}', back: '{{Back}}' }),
    },
    {
      what: 'fields.config of an image occlusion field (font, size, tag 1)',
      bytes: `1a 05 ${bytesOf('Arial')} 20 14 50 01`,
      decode: decodeFieldConfig,
      value: { tag: 1 },
      encode: () => encodeFieldConfig({ tag: 1 }),
    },
    {
      what: 'decks.kind of a normal deck (Normal { config_id 1 })',
      bytes: '0a 02 08 01',
      decode: decodeDeckKind,
      value: 'normal',
      encode: () => encodeDeckKind('normal'),
    },
    {
      what: 'the media list of one file (name, size, sha1)',
      bytes: `0a 0e 0a 05 ${bytesOf('a.png')} 10 03 1a 03 01 02 03`,
      decode: (bytes: Uint8Array) =>
        decodeMediaEntries(bytes).map((entry) => ({ ...entry, sha1: [...entry.sha1] })),
      value: [{ name: 'a.png', size: 3, sha1: [1, 2, 3], legacyZipFilename: null }],
      encode: () =>
        encodeMediaEntries([{ name: 'a.png', size: 3, sha1: Uint8Array.from([1, 2, 3]) }]),
    },
  ]
  for (const row of table) {
    test(row.what, ({ assert }) => {
      assert.deepEqual((row.decode as (bytes: Uint8Array) => unknown)(hex(row.bytes)), row.value)
      assert.deepEqual([...row.encode()], [...hex(row.bytes)])
    })
  }

  test("a filtered deck's kind reads as filtered, whatever its inner settings hold", ({
    assert,
  }) => {
    assert.equal(decodeDeckKind(encodeDeckKind('filtered')), 'filtered')
    /* the inner Filtered message is not decoded: bytes that are no message do not make the deck unreadable */
    assert.equal(decodeDeckKind(hex('12 02 ff ff')), 'filtered')
  })
})
