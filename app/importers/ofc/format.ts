/*
 * The product's own deck file, `.ofc`: a zip holding
 *
 *   manifest.json     the deck, UTF-8 JSON (below)
 *   media/<file>      each media file's bytes, one entry each
 *
 * manifest.json:
 *   {
 *     "format": "mnemo-ofc",            always
 *     "version": 1,                     the format's major version (an integer)
 *     "exportedAt": "2026-03-01T09:00:00.000Z",
 *     "includesProgress": true,         whether cards carry progress and reviews are listed
 *     "noteTypes": [BundleNoteType],    as in app/importers/bundle.ts
 *     "decks": [BundleDeck],            a tree through parentKey (null: a top deck)
 *     "notes": [BundleNote],            fields are HTML; media referenced by name
 *     "cards": [BundleCard],            `progress`, `suspended`, `buried` only when includesProgress (dates as
 *                                       ISO 8601 strings); notes and cards may carry `createdAt`, note types
 *                                       `sortField`, `ankiId`, `ankiModel` (decision 0092)
 *     "reviews": [BundleReview],        only when includesProgress
 *     "media": [{ "name": "cat.jpg",    the name fields reference
 *                 "file": "0.jpg",      the entry under media/ ([A-Za-z0-9._-], never "." or "..")
 *                 "size": 1234,         bytes
 *                 "sha256": "…" }]      hex digest of the bytes
 *   }
 * Keys are the source's own, unique within their list; every reference
 * (note → note type and deck, card → note and deck, review → card, deck →
 * parent, media → entry) must resolve.
 *
 * Versioning: `version` changes only when an older reader would misread a
 * file (a key renamed, a meaning changed); a reader refuses a higher version
 * (import_wrong_schema: "made by a newer Mnemo"). Additions an older reader
 * can safely ignore (a new optional key) keep the version, and readers ignore
 * keys they do not know.
 *
 * Reading is defensive: entries are read lazily, the bytes inflated are
 * counted as they come (a zip's declared sizes can lie), media names and
 * entry names are checked before anything touches the disk, checksums are
 * verified, and a refused file leaves nothing behind in the work directory.
 */
import { createHash } from 'node:crypto'
import { Transform, type TransformCallback } from 'node:stream'
import type {
  BundleCard,
  BundleDeck,
  BundleNote,
  BundleNoteType,
  BundleProgress,
  BundleReview,
} from '#importers/bundle'

export const OFC_FORMAT = 'mnemo-ofc'
export const OFC_VERSION = 1
export const OFC_MAX_UNCOMPRESSED_BYTES = 2 * 1024 ** 3

export interface OfcMediaEntry {
  name: string
  file: string
  size: number
  sha256: string
}

/** A bundle type as JSON holds it: dates as ISO 8601 strings. */
export type Json<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K]
}

export interface OfcManifest {
  format: typeof OFC_FORMAT
  version: number
  exportedAt: string
  includesProgress: boolean
  noteTypes: BundleNoteType[]
  decks: BundleDeck[]
  notes: (Omit<BundleNote, 'createdAt'> & { createdAt?: string })[]
  cards: (Omit<BundleCard, 'progress' | 'createdAt'> & {
    progress?: Json<BundleProgress> | null
    createdAt?: string
  })[]
  reviews?: Json<BundleReview>[]
  media: OfcMediaEntry[]
}

/** Counts and hashes (sha256) the bytes passing through: the writer records them, the reader checks them. */
export class Digest extends Transform {
  hash = createHash('sha256')
  bytes = 0
  _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.hash.update(chunk)
    this.bytes += chunk.length
    callback(null, chunk)
  }
}
