import { withTransaction } from '#actions/action'
import { createWriteStream } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import drive from '@adonisjs/drive/services/main'
import { idParam } from '#queries/decks/find_deck'
import { readDeck } from '#queries/exports/read_deck'
import type { BundleMedia, ImportBundle } from '#importers/bundle'
import { mediaNames, type MediaRow } from '#exporters/deck_bundle/media'
import { bundleOf } from '#exporters/deck_bundle'

/*
 * A deck (with its subdecks) as the bundle every writer takes
 * (app/exporters/deck_bundle.ts). Queries: a fixed number (access, decks,
 * notes, note types, cards, media, and progress and reviews when asked),
 * whatever the deck's size, all in one repeatable-read snapshot so notes,
 * cards and progress agree; then its media files are copied.
 */

type Viewer = { id: number }

export interface DeckBundleOptions {
  includeProgress: boolean
  /** media files are copied into `<workDir>/media` */
  workDir: string
}

export async function deckBundle(
  user: Viewer,
  deckId: unknown,
  options: DeckBundleOptions
): Promise<ImportBundle> {
  /* every read in one snapshot: a bundle never mixes a deck before and after an edit */
  const snapshot = await withTransaction(
    undefined,
    (trx) => readDeck(user, idParam(deckId), options.includeProgress, trx),
    {
      isolationLevel: 'repeatable read',
    }
  )

  const warnings: ImportBundle['warnings'] = []
  const names = mediaNames(snapshot.media)
  const media = await copyMedia(snapshot.media, names, join(options.workDir, 'media'), warnings)
  return bundleOf(snapshot, names, media, warnings)
}

/** Streams each referenced file from the drive into the work directory; a missing file is a warning, not a failure. */
async function copyMedia(
  media: MediaRow[],
  names: Map<string, string>,
  dir: string,
  warnings: ImportBundle['warnings']
) {
  if (!media.length) return []
  await mkdir(dir, { recursive: true })
  const copied: BundleMedia[] = []
  for (const row of media) {
    const name = names.get(row.key.toLowerCase())!
    const path = join(dir, name)
    try {
      await pipeline(await drive.use().getStream(`media/${row.key}`), createWriteStream(path))
      const { size } = await stat(path)
      copied.push({ name, path, size })
    } catch {
      warnings.push({ message: `media_missing:${name}` })
    }
  }
  return copied
}
