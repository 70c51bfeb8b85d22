import { BaseTransformer } from '@adonisjs/core/transformers'
import type { libraryCardsPage } from '#queries/library/deck_content'
import { libraryCardSides } from '#transformers/library_note_transformer'

type CardsPage = Awaited<ReturnType<typeof libraryCardsPage>> & { limit: number; offset: number }

/**
 * A page of a library deck's cards (GET library_decks/{id}/cards): each
 * note's cards in order, cut to [offset, offset + limit) of the deck's cards.
 * A card's id is its note's prefixed id and its ordinal.
 */
export default class LibraryCardsPageTransformer extends BaseTransformer<CardsPage> {
  toObject() {
    const { notes, noteTypes, total, limit, offset } = this.resource
    const cards = []
    for (const { note, first } of notes) {
      const definition = noteTypes.get(note.noteTypeId)?.definition
      const { ords } = libraryCardSides(note, definition)
      const ordered = ords.length ? [...ords].sort((a, b) => a - b) : [0]
      for (const [index, ord] of ordered.entries()) {
        const at = first + index
        if (at < offset || at >= offset + limit) continue
        const { front, back, label } = libraryCardSides(note, definition, ord)
        cards.push({
          id: `lib_${note.id}_${ord}`,
          noteId: `lib_${note.id}`,
          front,
          back,
          hasImage: note.hasImage,
          hasAudio: note.hasAudio,
          label,
          numberOfCards: note.cardsCount,
        })
      }
    }
    return { cards, total, limit, offset }
  }
}
