import type NoteType from '#models/note_type'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { findNoteType, prepareNote, type NoteInput } from '#actions/notes/note_content'
import { cardLabel, renderCard } from '#note_types/cards'

/** Renders what a note would look like, through the same sanitizing as a save, without saving it. */
export default class PreviewNote {
  async handle(user: User, deckId: unknown, input: NoteInput) {
    const deck = await findDeck(user, deckId)
    const noteType: NoteType = await findNoteType({ id: deck.userId }, input.noteTypeId)
    const prepared = prepareNote(noteType, input, { imagesAllowed: true })
    const cards = prepared.ords.map((ord) => {
      const card = renderCard(prepared.definition, prepared.fields, ord, { attachments: prepared.attachments, deckName: deck.name })
      return { ord, label: cardLabel(prepared.definition, ord), front: card.front, back: card.back }
    })
    return { cards, custom: noteType.kind === 'custom', css: renderCard(prepared.definition, prepared.fields, prepared.ords[0] ?? 0, { attachments: prepared.attachments }).css }
  }
}
