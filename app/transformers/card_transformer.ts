import type { CardsOfNotes } from '#queries/notes/cards_of_notes'
import { cardLabel, renderCard } from '#note_types/cards'

export default class CardTransformer {
  /** GET notes/cards: each card rendered and sanitized, with this learner's progress, and the page. */
  static page({ cards, suspended, offset, limit, deckNames }: CardsOfNotes) {
    return {
      cards: cards.map((card) => {
        const definition = card.note.noteType.definition
        const sides = renderCard(definition, card.note.fields, card.ord, { attachments: card.note.fieldAttachmentsMap, deckName: deckNames.get(card.deckId) ?? '', tags: card.note.tags })
        const progress = card.progress[0]
        return {
          id: card.id, noteId: card.noteId, deckId: card.deckId, ord: card.ord, label: cardLabel(definition, card.ord),
          front: sides.front, back: sides.back, css: sides.css,
          state: progress?.state ?? 'new', isFrozen: progress?.frozen ?? false, isSuspended: suspended.has(card.id),
          dueAt: progress?.dueAt?.toISO() ?? null, intervalDays: progress?.intervalDays ?? 0,
          reps: progress?.reps ?? 0, lapses: progress?.lapses ?? 0,
        }
      }),
      offset,
      limit,
    }
  }
}
