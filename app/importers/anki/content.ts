import type { DatabaseSync } from 'node:sqlite'
import type { BundleCard, BundleDeck, BundleNote, BundleNoteType, BundleReview, ImportBundle } from '#importers/bundle'
import { dropCardless, readCards } from '#importers/anki/cards'
import { buildDeckTree } from '#importers/anki/deck_tree'
import { MediaReferences } from '#importers/anki/media'
import { keptNoteTypes, readNoteTypes } from '#importers/anki/note_types'
import { readNotes } from '#importers/anki/notes'
import { lastReviews, readReviews } from '#importers/anki/revlog'
import type { SourceCollection, Warnings } from '#importers/anki/source'

export interface Content {
  noteTypes: BundleNoteType[]
  decks: BundleDeck[]
  notes: BundleNote[]
  cards: BundleCard[]
  reviews: BundleReview[]
  /** every file the notes and kept custom types refer to */
  references: MediaReferences
}

/**
 * A collection's content as a bundle, whichever its schema: note types →
 * notes → the deck tree and cards (a note goes to its first card's deck) →
 * review history of the cards read → the note types still used.
 */
export function readContent(db: DatabaseSync, source: SourceCollection, format: ImportBundle['format'], warnings: Warnings): Content {
  const types = readNoteTypes(source.noteTypes)
  const references = new MediaReferences()
  const notes = readNotes(db, source, types, references, warnings)
  const tree = buildDeckTree(source.decks)
  const { cards, cardKeys } = readCards(db, source, notes, tree, lastReviews(db), warnings)
  dropCardless(notes, warnings)
  const reviews = readReviews(db, cardKeys, warnings)
  const noteTypes = keptNoteTypes(types, notes.values(), format, references)
  return { noteTypes, decks: tree.decks(), notes: [...notes.values()], cards, reviews, references }
}
