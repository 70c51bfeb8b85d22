import { BaseTransformer } from '@adonisjs/core/transformers'
import type Note from '#models/note'
import DeckTransformer from '#transformers/deck_transformer'
import NoteTransformer from '#transformers/note_transformer'
import NoteTypeTransformer from '#transformers/note_type_transformer'

/**
 * GET /learn/cards/:id/fields: the editor in a dialog on the learning page,
 * the card's note with its deck and type (preloaded).
 */
export default class CardEditorTransformer extends BaseTransformer<{ cardId: number; note: Note }> {
  toObject() {
    const { cardId, note } = this.resource
    return {
      cardId,
      deck: DeckTransformer.transform(note.deck).useVariant('forEditor'),
      noteType: NoteTypeTransformer.transform(note.noteType).useVariant('forEditor'),
      note: NoteTransformer.transform(note).useVariant('forEditor'),
    }
  }
}
