import {
  create,
  fromBinary,
  toBinary,
  type DescMessage,
  type MessageShape,
} from '@bufbuild/protobuf'
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire'
import {
  DeckKindContainerSchema,
  FieldConfigSchema,
  MediaEntriesSchema,
  NotetypeConfig_Kind,
  NotetypeConfigSchema,
  PackageMetadataSchema,
  TemplateConfigSchema,
} from '#importers/anki/protobuf/anki_pb'

/*
 * Anki's protobuf blobs as the readers use them, decoded by @bufbuild/protobuf
 * from the messages in anki.proto. A blob the library refuses (truncated, a
 * bad tag or wire type, a string that is not UTF-8) is a ProtoError; unknown
 * fields are skipped. The encoders serve the test package builder and any
 * future writer of the latest format.
 */

export class ProtoError extends Error {}

/* unknown fields are not kept: nothing writes a decoded blob back */
const READ_OPTIONS = { readUnknownFields: false }

function decode<Desc extends DescMessage>(schema: Desc, bytes: Uint8Array): MessageShape<Desc> {
  try {
    return fromBinary(schema, bytes, READ_OPTIONS)
  } catch (error) {
    throw new ProtoError((error as Error).message)
  }
}

/** PackageMetadata.version: 1 legacy anki2, 2 legacy anki21, 3 latest anki21b (0: unknown) */
export function decodePackageMetadata(bytes: Uint8Array): { version: number } {
  return { version: decode(PackageMetadataSchema, bytes).version }
}

export function encodePackageMetadata(version: number): Uint8Array {
  return toBinary(PackageMetadataSchema, create(PackageMetadataSchema, { version }))
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
  return decode(MediaEntriesSchema, bytes).entries.map((entry) => ({
    name: entry.name,
    size: entry.size,
    sha1: entry.sha1,
    legacyZipFilename: entry.legacyZipFilename ?? null,
  }))
}

export function encodeMediaEntries(
  entries: { name: string; size: number; sha1: Uint8Array }[]
): Uint8Array {
  return toBinary(MediaEntriesSchema, create(MediaEntriesSchema, { entries }))
}

/** Notetype.Config: kind 1 (0 normal, 1 cloze), css 3, original_stock_kind 9 */
export interface NotetypeConfig {
  cloze: boolean
  css: string
  /**
   * StockNotetype.OriginalStockKind: 0 unknown, 1 basic, 2 and reversed, 3 optional reversed, 4 typing, 5
   * cloze, 6 image occlusion
   */
  originalStockKind: number
  /** sort_field_idx 2: the field Anki sorts by */
  sortField?: number
}

export function decodeNotetypeConfig(bytes: Uint8Array): NotetypeConfig {
  const config = decode(NotetypeConfigSchema, bytes)
  return {
    cloze: config.kind === NotetypeConfig_Kind.CLOZE,
    css: config.css,
    originalStockKind: config.originalStockKind,
    sortField: config.sortFieldIdx,
  }
}

export function encodeNotetypeConfig(config: NotetypeConfig): Uint8Array {
  const kind = config.cloze ? NotetypeConfig_Kind.CLOZE : NotetypeConfig_Kind.NORMAL
  return toBinary(
    NotetypeConfigSchema,
    create(NotetypeConfigSchema, {
      kind,
      sortFieldIdx: config.sortField ?? 0,
      css: config.css,
      originalStockKind: config.originalStockKind,
    })
  )
}

/** Notetype.Field.Config: tag 10 (optional; image occlusion and cloze fields carry one) */
export function decodeFieldConfig(bytes: Uint8Array): { tag: number | null } {
  return { tag: decode(FieldConfigSchema, bytes).tag ?? null }
}

export function encodeFieldConfig(config: {
  tag?: number | null
  fontName?: string
  fontSize?: number
}): Uint8Array {
  const message = create(FieldConfigSchema, {
    fontName: config.fontName ?? 'Arial',
    fontSize: config.fontSize ?? 20,
    tag: config.tag ?? undefined,
  })
  return toBinary(FieldConfigSchema, message)
}

/** Notetype.Template.Config: q_format 1, a_format 2 */
export function decodeTemplateConfig(bytes: Uint8Array): { front: string; back: string } {
  const config = decode(TemplateConfigSchema, bytes)
  return { front: config.qFormat, back: config.aFormat }
}

export function encodeTemplateConfig(config: { front: string; back: string }): Uint8Array {
  return toBinary(
    TemplateConfigSchema,
    create(TemplateConfigSchema, { qFormat: config.front, aFormat: config.back })
  )
}

/** Deck.KindContainer: oneof { Normal normal = 1; Filtered filtered = 2 } */
export function decodeDeckKind(bytes: Uint8Array): 'normal' | 'filtered' | 'unknown' {
  const kind = decode(DeckKindContainerSchema, bytes).kind.case
  return kind ?? 'unknown'
}

/* the inner messages, which the reader never decodes: Deck.Normal { config_id = 1 } */
const normalDeck = (configId: number) =>
  new BinaryWriter().tag(1, WireType.Varint).int64(configId).finish()
/* Deck.Filtered { reschedule = 1, search_terms = 2 { search = 1, limit = 2 } }: reschedule, one search term */
const filteredDeck = () =>
  new BinaryWriter()
    .tag(1, WireType.Varint)
    .bool(true)
    .tag(2, WireType.LengthDelimited)
    .fork()
    .tag(1, WireType.LengthDelimited)
    .string('deck:*')
    .tag(2, WireType.Varint)
    .uint32(100)
    .join()
    .finish()

export function encodeDeckKind(kind: 'normal' | 'filtered', configId = 1): Uint8Array {
  const value = kind === 'filtered' ? filteredDeck() : normalDeck(configId)
  return toBinary(
    DeckKindContainerSchema,
    create(DeckKindContainerSchema, { kind: { case: kind, value } })
  )
}
