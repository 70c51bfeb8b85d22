import type { BundleMedia, ImportBundle } from '#importers/bundle'
import { rewriteMedia } from '#exporters/deck_bundle/media'
import { noteTypeRegistry } from '#exporters/deck_bundle/note_types'
import type { DeckSnapshot } from '#exporters/deck_bundle/snapshot'
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
 * Pure: the rows come read (app/queries/exports/read_deck.ts) and the media
 * copied (app/actions/exports/deck_bundle.ts, which puts the two together).
 */

/** The bundle of a deck's rows, its media copied under `names` (mediaNames). */
export function bundleOf(
  snapshot: DeckSnapshot,
  names: Map<string, string>,
  media: BundleMedia[],
  warnings: ImportBundle['warnings']
): ImportBundle {
  const types = noteTypeRegistry(snapshot)
  const { notes, ordMaps } = notesOf(snapshot, types.typeOf, (html) => rewriteMedia(html, names))
  const cards = cardsOf(snapshot, ordMaps)
  const reviews = reviewsOf(snapshot, cards)
  return {
    format: 'ofc',
    noteTypes: [...types.noteTypes.values()],
    decks: decksOf(snapshot),
    notes,
    cards,
    reviews,
    media,
    warnings,
  }
}
