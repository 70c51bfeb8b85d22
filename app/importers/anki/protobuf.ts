/*
 * A minimal protocol-buffers codec: just enough for the messages Anki puts in
 * its packages (PackageMetadata, MediaEntries) and in the schema-18 blobs the
 * reader needs (notetype, field and template config, deck kind). Field
 * numbers come from Anki's proto/anki/*.proto. Unknown fields are skipped, as
 * protobuf requires, so newer Anki versions that add fields still decode.
 */

export class ProtoError extends Error {}

const WIRE_VARINT = 0
const WIRE_I64 = 1
const WIRE_LEN = 2
const WIRE_I32 = 5

type RawValue = { wire: 0; value: bigint } | { wire: 1 | 2 | 5; value: Uint8Array }

/** A decoded message: every occurrence of every field, in order. */
export class ProtoMessage {
  private fields = new Map<number, RawValue[]>()

  constructor(bytes: Uint8Array) {
    let pos = 0
    const readVarint = (): bigint => {
      let result = 0n
      let shift = 0n
      for (let i = 0; i < 10; i++) {
        if (pos >= bytes.length) throw new ProtoError('truncated varint')
        const byte = bytes[pos++]
        result |= BigInt(byte & 0x7f) << shift
        if ((byte & 0x80) === 0) return BigInt.asUintN(64, result)
        shift += 7n
      }
      throw new ProtoError('varint too long')
    }
    const take = (length: number): Uint8Array => {
      if (length < 0 || pos + length > bytes.length) throw new ProtoError('truncated field')
      const slice = bytes.subarray(pos, pos + length)
      pos += length
      return slice
    }
    while (pos < bytes.length) {
      const key = readVarint()
      const field = Number(key >> 3n)
      const wire = Number(key & 7n)
      if (field === 0) throw new ProtoError('field number 0')
      let raw: RawValue
      if (wire === WIRE_VARINT) raw = { wire, value: readVarint() }
      else if (wire === WIRE_I64) raw = { wire, value: take(8) }
      else if (wire === WIRE_LEN) raw = { wire, value: take(Number(readVarint())) }
      else if (wire === WIRE_I32) raw = { wire, value: take(4) }
      /* groups (3, 4) are deprecated and never used by Anki */
      else throw new ProtoError(`unsupported wire type ${wire}`)
      const list = this.fields.get(field)
      if (list) list.push(raw)
      else this.fields.set(field, [raw])
    }
  }

  has(field: number): boolean {
    return this.fields.has(field)
  }

  /* proto3: the last occurrence of a scalar wins */
  private last(field: number): RawValue | undefined {
    const list = this.fields.get(field)
    return list ? list[list.length - 1] : undefined
  }

  uint64(field: number): bigint {
    const raw = this.last(field)
    if (!raw) return 0n
    if (raw.wire !== WIRE_VARINT) throw new ProtoError(`field ${field} is not a varint`)
    return raw.value
  }

  /** uint32 / int32 / enum / bool: a JS number (int32 negatives come back signed) */
  int(field: number): number {
    return Number(BigInt.asIntN(64, this.uint64(field)))
  }

  bool(field: number): boolean {
    return this.uint64(field) !== 0n
  }

  bytes(field: number): Uint8Array {
    const raw = this.last(field)
    if (!raw) return new Uint8Array(0)
    if (raw.wire !== WIRE_LEN) throw new ProtoError(`field ${field} is not length-delimited`)
    return raw.value
  }

  string(field: number): string {
    return new TextDecoder('utf-8', { fatal: true }).decode(this.bytes(field))
  }

  message(field: number): ProtoMessage | null {
    return this.has(field) ? new ProtoMessage(this.bytes(field)) : null
  }

  repeatedMessages(field: number): ProtoMessage[] {
    return (this.fields.get(field) ?? []).map((raw) => {
      if (raw.wire !== WIRE_LEN) throw new ProtoError(`field ${field} is not length-delimited`)
      return new ProtoMessage(raw.value)
    })
  }

  fixed32(field: number): number {
    const raw = this.last(field)
    if (!raw) return 0
    if (raw.wire !== WIRE_I32) throw new ProtoError(`field ${field} is not fixed32`)
    return new DataView(raw.value.buffer, raw.value.byteOffset, 4).getUint32(0, true)
  }

  fixed64(field: number): bigint {
    const raw = this.last(field)
    if (!raw) return 0n
    if (raw.wire !== WIRE_I64) throw new ProtoError(`field ${field} is not fixed64`)
    return new DataView(raw.value.buffer, raw.value.byteOffset, 8).getBigUint64(0, true)
  }

  float(field: number): number {
    const raw = this.last(field)
    if (!raw) return 0
    if (raw.wire !== WIRE_I32) throw new ProtoError(`field ${field} is not a float`)
    return new DataView(raw.value.buffer, raw.value.byteOffset, 4).getFloat32(0, true)
  }
}

/** The matching encoder, for the test package builder and any future writer of the latest format. */
export class ProtoWriter {
  private chunks: Uint8Array[] = []

  private pushVarint(value: bigint) {
    let rest = BigInt.asUintN(64, value)
    const out: number[] = []
    do {
      let byte = Number(rest & 0x7fn)
      rest >>= 7n
      if (rest !== 0n) byte |= 0x80
      out.push(byte)
    } while (rest !== 0n)
    this.chunks.push(Uint8Array.from(out))
  }

  private key(field: number, wire: number) {
    this.pushVarint((BigInt(field) << 3n) | BigInt(wire))
  }

  varint(field: number, value: number | bigint | boolean): this {
    this.key(field, WIRE_VARINT)
    this.pushVarint(typeof value === 'boolean' ? (value ? 1n : 0n) : BigInt(value))
    return this
  }

  bytes(field: number, value: Uint8Array): this {
    this.key(field, WIRE_LEN)
    this.pushVarint(BigInt(value.length))
    this.chunks.push(value)
    return this
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value))
  }

  message(field: number, value: ProtoWriter): this {
    return this.bytes(field, value.finish())
  }

  fixed32(field: number, value: number): this {
    this.key(field, WIRE_I32)
    const bytes = new Uint8Array(4)
    new DataView(bytes.buffer).setUint32(0, value, true)
    this.chunks.push(bytes)
    return this
  }

  fixed64(field: number, value: bigint): this {
    this.key(field, WIRE_I64)
    const bytes = new Uint8Array(8)
    new DataView(bytes.buffer).setBigUint64(0, BigInt.asUintN(64, value), true)
    this.chunks.push(bytes)
    return this
  }

  float(field: number, value: number): this {
    this.key(field, WIRE_I32)
    const bytes = new Uint8Array(4)
    new DataView(bytes.buffer).setFloat32(0, value, true)
    this.chunks.push(bytes)
    return this
  }

  finish(): Uint8Array {
    const length = this.chunks.reduce((sum, chunk) => sum + chunk.length, 0)
    const out = new Uint8Array(length)
    let offset = 0
    for (const chunk of this.chunks) {
      out.set(chunk, offset)
      offset += chunk.length
    }
    return out
  }
}

/* ---- Anki's messages (proto/anki/import_export.proto, notetypes.proto, decks.proto) ---- */

/** PackageMetadata.version: 1 legacy anki2, 2 legacy anki21, 3 latest anki21b */
export function decodePackageMetadata(bytes: Uint8Array): { version: number } {
  return { version: new ProtoMessage(bytes).int(1) }
}

export function encodePackageMetadata(version: number): Uint8Array {
  return new ProtoWriter().varint(1, version).finish()
}

export interface MediaEntry {
  name: string
  size: number
  sha1: Uint8Array
  /** set when the list was converted from a legacy map with gaps: the zip entry name */
  legacyZipFilename: number | null
}

/** MediaEntries { repeated MediaEntry entries = 1 }; the zip entry of entry i is named i. */
export function decodeMediaEntries(bytes: Uint8Array): MediaEntry[] {
  return new ProtoMessage(bytes).repeatedMessages(1).map((entry) => ({
    name: entry.string(1),
    size: entry.int(2),
    sha1: entry.bytes(3),
    legacyZipFilename: entry.has(255) ? entry.int(255) : null,
  }))
}

export function encodeMediaEntries(entries: { name: string; size: number; sha1: Uint8Array }[]): Uint8Array {
  const writer = new ProtoWriter()
  for (const entry of entries) {
    writer.message(1, new ProtoWriter().string(1, entry.name).varint(2, entry.size).bytes(3, entry.sha1))
  }
  return writer.finish()
}

/** Notetype.Config: kind 1 (0 normal, 1 cloze), css 3, original_stock_kind 9 */
export interface NotetypeConfig {
  cloze: boolean
  css: string
  /** StockNotetype.OriginalStockKind: 0 unknown, 1 basic, 2 and reversed, 3 optional reversed, 4 typing, 5 cloze, 6 image occlusion */
  originalStockKind: number
}

export function decodeNotetypeConfig(bytes: Uint8Array): NotetypeConfig {
  const message = new ProtoMessage(bytes)
  return { cloze: message.int(1) === 1, css: message.string(3), originalStockKind: message.int(9) }
}

export function encodeNotetypeConfig(config: NotetypeConfig): Uint8Array {
  const writer = new ProtoWriter()
  if (config.cloze) writer.varint(1, 1)
  writer.string(3, config.css)
  if (config.originalStockKind) writer.varint(9, config.originalStockKind)
  return writer.finish()
}

/** Notetype.Field.Config: tag 10 (optional; image occlusion and cloze fields carry one) */
export function decodeFieldConfig(bytes: Uint8Array): { tag: number | null } {
  const message = new ProtoMessage(bytes)
  return { tag: message.has(10) ? message.int(10) : null }
}

export function encodeFieldConfig(config: { tag?: number | null; fontName?: string; fontSize?: number }): Uint8Array {
  const writer = new ProtoWriter()
  writer.string(3, config.fontName ?? 'Arial').varint(4, config.fontSize ?? 20)
  if (config.tag !== undefined && config.tag !== null) writer.varint(10, config.tag)
  return writer.finish()
}

/** Notetype.Template.Config: q_format 1, a_format 2 */
export function decodeTemplateConfig(bytes: Uint8Array): { front: string; back: string } {
  const message = new ProtoMessage(bytes)
  return { front: message.string(1), back: message.string(2) }
}

export function encodeTemplateConfig(config: { front: string; back: string }): Uint8Array {
  return new ProtoWriter().string(1, config.front).string(2, config.back).finish()
}

/** Deck.KindContainer: oneof { Normal normal = 1; Filtered filtered = 2 } */
export function decodeDeckKind(bytes: Uint8Array): 'normal' | 'filtered' | 'unknown' {
  const message = new ProtoMessage(bytes)
  if (message.has(2)) return 'filtered'
  if (message.has(1)) return 'normal'
  return 'unknown'
}

export function encodeDeckKind(kind: 'normal' | 'filtered', configId = 1): Uint8Array {
  if (kind === 'filtered') {
    /* reschedule = true, one search term */
    const filtered = new ProtoWriter().varint(1, true).message(2, new ProtoWriter().string(1, 'deck:*').varint(2, 100))
    return new ProtoWriter().message(2, filtered).finish()
  }
  return new ProtoWriter().message(1, new ProtoWriter().varint(1, configId)).finish()
}
