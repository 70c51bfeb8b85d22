import { createReadStream, createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yazl from 'yazl'
import type { BundleProgress, BundleReview, ImportBundle } from '#importers/bundle'
import {
  Digest,
  OFC_FORMAT,
  OFC_VERSION,
  type Json,
  type OfcManifest,
  type OfcMediaEntry,
} from '#importers/ofc/format'
import { readManifest } from '#importers/ofc/manifest'
import { Invalid } from '#importers/ofc/manifest_items'

/* Writes the product's own deck file, .ofc (the format: app/importers/ofc/format.ts). */

const progressJson = (p: BundleProgress): Json<BundleProgress> => ({
  state: p.state,
  dueAt: p.dueAt ? p.dueAt.toISOString() : null,
  intervalDays: p.intervalDays,
  ease: p.ease,
  reps: p.reps,
  lapses: p.lapses,
  stability: p.stability,
  difficulty: p.difficulty,
  frozen: p.frozen,
  lastReviewedAt: p.lastReviewedAt ? p.lastReviewedAt.toISOString() : null,
})

const reviewJson = (r: BundleReview): Json<BundleReview> => ({
  cardKey: r.cardKey,
  reviewedAt: r.reviewedAt.toISOString(),
  rating: r.rating,
  kind: r.kind,
  intervalDays: r.intervalDays,
  lastIntervalDays: r.lastIntervalDays,
  ease: r.ease,
  durationMs: r.durationMs,
})

/* already-compressed media gain nothing from deflate */
const STORED_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'avif',
  'heic',
  'mp3',
  'mp4',
  'm4a',
  'aac',
  'ogg',
  'oga',
  'opus',
  'webm',
  'zip',
])

function entryFile(index: number, name: string): string {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase()
  return ext ? `${index}.${ext}` : String(index)
}

/** The manifest of a bundle; the media entries' hashes are filled in as the files are written. */
function manifestOf(
  bundle: ImportBundle,
  media: OfcMediaEntry[],
  includeProgress: boolean
): OfcManifest {
  const manifest: OfcManifest = {
    format: OFC_FORMAT,
    version: OFC_VERSION,
    exportedAt: new Date().toISOString(),
    includesProgress: includeProgress,
    noteTypes: bundle.noteTypes.map((t) => ({
      key: t.key,
      name: t.name,
      kind: t.kind,
      fields: [...t.fields],
      templates: t.templates.map((tp) => ({ name: tp.name, front: tp.front, back: tp.back })),
      css: t.css,
      isCloze: t.isCloze,
      ...(t.sortField ? { sortField: t.sortField } : {}),
      ...(t.ankiId ? { ankiId: t.ankiId } : {}),
      ...(t.ankiModel ? { ankiModel: t.ankiModel } : {}),
    })),
    decks: bundle.decks.map((d) => ({ key: d.key, name: d.name, parentKey: d.parentKey })),
    notes: bundle.notes.map((n) => {
      const note: OfcManifest['notes'][number] = {
        key: n.key,
        guid: n.guid,
        noteTypeKey: n.noteTypeKey,
        deckKey: n.deckKey,
        fields: n.fields,
        tags: n.tags,
      }
      if (n.fieldAttachmentsMap !== undefined) note.fieldAttachmentsMap = n.fieldAttachmentsMap
      if (n.createdAt) note.createdAt = n.createdAt.toISOString()
      return note
    }),
    cards: bundle.cards.map((c) => {
      const card: OfcManifest['cards'][number] = {
        key: c.key,
        noteKey: c.noteKey,
        ord: c.ord,
        deckKey: c.deckKey,
      }
      if (includeProgress) {
        card.progress = c.progress ? progressJson(c.progress) : null
        if (c.suspended) card.suspended = true
        if (c.buried) card.buried = c.buried
      }
      if (c.createdAt) card.createdAt = c.createdAt.toISOString()
      return card
    }),
    media,
  }
  if (includeProgress) manifest.reviews = bundle.reviews.map(reviewJson)
  return manifest
}

/* never write a file the reader would refuse (the hashes are not known yet) */
function checkWritable(manifest: OfcManifest) {
  try {
    readManifest(
      JSON.parse(
        JSON.stringify({
          ...manifest,
          media: manifest.media.map((m) => ({ ...m, sha256: '0'.repeat(64) })),
        })
      )
    )
  } catch (error) {
    if (error instanceof Invalid)
      throw new Error(`Cannot export this bundle as .ofc: ${error.message}`)
    throw error
  }
}

/**
 * Writes a bundle as .ofc. Media files are streamed from their paths one at
 * a time, hashed on the way, and the manifest goes last, once every hash is
 * known. The file appears at outPath only when complete.
 */
export async function writeOfc(
  bundle: ImportBundle,
  outPath: string,
  options: { includeProgress: boolean }
): Promise<void> {
  const media: OfcMediaEntry[] = bundle.media.map((m, i) => ({
    name: m.name,
    file: entryFile(i, m.name),
    size: m.size,
    sha256: '',
  }))
  const manifest = manifestOf(bundle, media, options.includeProgress)
  checkWritable(manifest)

  const partial = `${outPath}.partial`
  const zip = new yazl.ZipFile()
  const failed = new Promise<never>((_, reject) => zip.on('error', reject))
  bundle.media.forEach((m, i) => {
    const ext = media[i].file.split('.')[1] ?? ''
    zip.addReadStreamLazy(
      `media/${media[i].file}`,
      { compress: !STORED_EXTENSIONS.has(ext) },
      (callback) => {
        const source = createReadStream(m.path)
        const digest = new Digest()
        source.on('error', (error) => zip.emit('error', error))
        digest.on('end', () => {
          media[i].sha256 = digest.hash.digest('hex')
          media[i].size = digest.bytes
        })
        callback(null, source.pipe(digest))
      }
    )
  })
  /* called when its turn comes, after every media entry was read */
  zip.addReadStreamLazy('manifest.json', (callback) => {
    callback(null, Readable.from([Buffer.from(JSON.stringify(manifest), 'utf8')]))
  })
  zip.end()
  const output = createWriteStream(partial)
  const piping = pipeline(zip.outputStream as unknown as Readable, output)
  try {
    await Promise.race([piping, failed])
    await rename(partial, outPath)
  } catch (error) {
    /* the pipeline settles once the file is closed: only then is removing it final */
    output.destroy()
    await piping.catch(() => {})
    await rm(partial, { force: true })
    throw error
  }
}
