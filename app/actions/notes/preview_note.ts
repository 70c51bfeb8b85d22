import type NoteType from '#models/note_type'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { findNoteType, noteContentOf, prepareNote } from '#actions/notes/note_content'
import type { CreateNoteInput } from '#actions/notes/create_note'
import { cardLabel, renderCard } from '#note_types/cards'

/** Renders what a note would look like, through the same sanitizing as a save, without saving it. */
export async function previewNote(user: User, body: CreateNoteInput) {
  const input = { ...noteContentOf(body), noteTypeId: body.template_id }
  const deck = await findDeck(user, body.deck_id)
  const noteType: NoteType = await findNoteType({ id: deck.userId }, input.noteTypeId)
  const prepared = prepareNote(noteType, input, { imagesAllowed: true })
  const cards = prepared.ords.map((ord) => {
    const card = renderCard(prepared.definition, prepared.fields, ord, {
      attachments: prepared.attachments,
      deckName: deck.name,
    })
    return { ord, label: cardLabel(prepared.definition, ord), front: card.front, back: card.back }
  })
  return {
    cards,
    custom: noteType.kind === 'custom',
    css: renderCard(prepared.definition, prepared.fields, prepared.ords[0] ?? 0, {
      attachments: prepared.attachments,
    }).css,
  }
}
