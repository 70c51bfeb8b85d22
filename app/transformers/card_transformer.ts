import { BaseTransformer } from '@adonisjs/core/transformers'
import type Card from '#models/card'
import type { CardsOfNotes } from '#queries/notes/cards_of_notes'
import { cardLabel, renderCard } from '#note_types/cards'

/**
 * A card of GET notes/cards, rendered and sanitized, with this learner's
 * progress: its note (and type) and progress preloaded, the page's
 * suspensions and deck names given (cardsPage). Without `htmlPreview`
 * (a shared deck's reader who did not ask for it) the sides are not
 * rendered and come as null.
 */
export default class CardTransformer extends BaseTransformer<Card> {
  constructor(
    card: Card,
    protected page: Pick<CardsOfNotes, 'suspended' | 'deckNames'> &
      Partial<Pick<CardsOfNotes, 'marks'>> & { htmlPreview?: boolean }
  ) {
    super(card)
  }

  toObject() {
    const card = this.resource
    const definition = card.note.noteType.definition
    const sides =
      this.page.htmlPreview === false
        ? { front: null, back: null, css: null }
        : renderCard(definition, card.note.fields, card.ord, {
            attachments: card.note.fieldAttachmentsMap,
            deckName: this.page.deckNames.get(card.deckId) ?? '',
            tags: card.note.tags,
          })
    const progress = card.progress[0]
    return {
      id: card.id,
      noteId: card.noteId,
      deckId: card.deckId,
      ord: card.ord,
      label: cardLabel(definition, card.ord),
      front: sides.front,
      back: sides.back,
      css: sides.css,
      state: progress?.state ?? 'new',
      isFrozen: progress?.frozen ?? false,
      isSuspended: this.page.suspended.has(card.id),
      /* the learner's flag (1-7, Anki's colours; 0 none) and whether it is buried until their next study day */
      flag: this.page.marks?.get(card.id)?.flag ?? 0,
      isBuried: this.page.marks?.get(card.id)?.buried ?? false,
      dueAt: progress?.dueAt?.toISO() ?? null,
      intervalDays: progress?.intervalDays ?? 0,
      reps: progress?.reps ?? 0,
      lapses: progress?.lapses ?? 0,
    }
  }
}
