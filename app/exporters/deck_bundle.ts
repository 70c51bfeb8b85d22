import { join } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import { idParam } from '#queries/decks/find_deck'
import type { ImportBundle } from '#importers/bundle'
import { copyMedia, mediaNames, rewriteMedia } from '#exporters/deck_bundle/media'
import { noteTypeRegistry } from '#exporters/deck_bundle/note_types'
import { readDeck } from '#exporters/deck_bundle/read_deck'
import { cardsOf, decksOf, notesOf, reviewsOf } from '#exporters/deck_bundle/rows'

/*
 * A deck (with its subdecks) as the bundle every writer takes: the same shape
 * the readers produce, so an export read back is an import.
 *
 * Card ords: the product's optional reversed card of a standard note is ord
 * REVERSED_ORD_OFFSET (100), which Anki cannot hold (an ord is a template
 * index). Such notes get a note type of their own with one template more:
 * a Basic note becomes Anki's own "Basic (and reversed card)" (kind
 * 'reversed', reversed card = template 2, ord 1); any other type becomes
 * "<name> (and reversed card)", its templates plus the reversed one, and the
 * reversed card takes that last template's index.
 *
 * Queries: a fixed number (access, decks, notes, note types, cards, media,
 * and progress and reviews when asked), whatever the deck's size, all in one
 * repeatable-read snapshot so notes, cards and progress agree.
 */

type Viewer = { id: number }

export interface DeckBundleOptions {
  includeProgress: boolean
  /** media files are copied into `<workDir>/media` */
  workDir: string
}

export async function deckBundle(user: Viewer, deckId: unknown, options: DeckBundleOptions): Promise<ImportBundle> {
  const snapshot = await db.transaction((trx) => readDeck(user, idParam(deckId), options.includeProgress, trx), {
    isolationLevel: 'repeatable read',
  })

  const warnings: ImportBundle['warnings'] = []
  const names = mediaNames(snapshot.media)
  const media = await copyMedia(snapshot.media, names, join(options.workDir, 'media'), warnings)
  const types = noteTypeRegistry(snapshot)
  const { notes, ordMaps } = notesOf(snapshot, types.typeOf, (html) => rewriteMedia(html, names))
  const cards = cardsOf(snapshot, ordMaps)
  const reviews = reviewsOf(snapshot, cards)
  return { format: 'ofc', noteTypes: [...types.noteTypes.values()], decks: decksOf(snapshot), notes, cards, reviews, media, warnings }
}
