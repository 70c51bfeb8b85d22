import { test } from '@japa/runner'
import { decodeText, decodeTextDetailed } from '#importers/text/decode'

const bytes = (...values: number[]) => Uint8Array.from(values)

test.group('Text import: decoding', () => {
  test('UTF-8 without a BOM, multi-byte characters intact', ({ assert }) => {
    /* "é" is C3 A9, "食" is E9 A3 9F */
    assert.deepEqual(
      decodeTextDetailed(bytes(0x63, 0x61, 0x66, 0xc3, 0xa9, 0x09, 0xe9, 0xa3, 0x9f)),
      {
        text: 'café\t食',
        encoding: 'utf-8',
        warning: null,
      }
    )
  })

  test('a UTF-8 BOM is dropped', ({ assert }) => {
    assert.equal(decodeText(bytes(0xef, 0xbb, 0xbf, 0x61, 0x2c, 0x62)), 'a,b')
  })

  test('UTF-16 little endian with its BOM (Excel\'s "Unicode text")', ({ assert }) => {
    /* "a\té" in UTF-16LE: 61 00, 09 00, E9 00 */
    assert.deepEqual(decodeTextDetailed(bytes(0xff, 0xfe, 0x61, 0x00, 0x09, 0x00, 0xe9, 0x00)), {
      text: 'a\té',
      encoding: 'utf-16le',
      warning: null,
    })
  })

  test('UTF-16 big endian with its BOM', ({ assert }) => {
    assert.equal(decodeText(bytes(0xfe, 0xff, 0x00, 0x61, 0x00, 0x3b, 0x98, 0xdf)), 'a;食')
  })

  test('bytes that are not UTF-8 are read as Windows-1252, with a warning', ({ assert }) => {
    /* Windows-1252: E9 é, 80 €, 92 ’ (a lone E9 followed by ASCII is invalid UTF-8) */
    const decoded = decodeTextDetailed(bytes(0x63, 0x61, 0x66, 0xe9, 0x3b, 0x80, 0x35, 0x92))
    assert.equal(decoded.text, 'café;€5’')
    assert.equal(decoded.encoding, 'windows-1252')
    assert.match(decoded.warning!, /Windows-1252/)
  })

  test('an empty file is an empty text', ({ assert }) => {
    assert.deepEqual(decodeTextDetailed(new Uint8Array()), {
      text: '',
      encoding: 'utf-8',
      warning: null,
    })
  })
})
