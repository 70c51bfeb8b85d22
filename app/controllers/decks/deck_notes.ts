import type { Infer } from '@vinejs/vine/types'
import type Deck from '#models/deck'
import type User from '#models/user'
import { NOTES_PAGE_DEFAULT } from '#controllers/api/notes_controller'
import { subtreeIds } from '#queries/decks/deck_tree'
import { listNotes, notesQuery } from '#queries/notes/list_notes'
import { presentNotes } from '#queries/notes/present_notes'
import type { listNotesValidator } from '#validators/content'
import { htmlToPlainText } from '#note_types/plain_text'

export type NoteFiltersInput = Infer<typeof listNotesValidator>

export { rememberSort } from '#actions/decks/update_deck'

const filtersOf = (input: NoteFiltersInput) => ({ query: input.query, learningState: input.learning_state, frozen: input.frozen, suspended: input.suspended })

type PresentedNote = Awaited<ReturnType<typeof presentNotes>>[number]

/** The first picture of the note's front, else of any field, for the list's thumbnail. */
function thumbnailOf(note: PresentedNote) {
  const src = [note.front.rawHtml, ...Object.values(note.fields)].map((html) => /<img\b[^>]*\ssrc="([^"]+)"/i.exec(html)?.[1]).find(Boolean)
  return src ? src.replaceAll('&quot;', '"').replaceAll('&amp;', '&') : null
}

/*
 * The list shows previews only: fields, masks and rendered HTML stay with the
 * editor. A note without any text (an image occlusion without a header) gets
 * its thumbnail and a label in the reader's language, not the type's name.
 */
const listItem = (note: PresentedNote) => ({
  id: note.id, deckId: note.deckId, templateId: note.templateId,
  front: {
    preview: Object.values(note.fields).some((html) => htmlToPlainText(html)) ? note.front.preview : '',
    thumbnail: thumbnailOf(note),
  },
  back: { preview: note.back.preview },
  label: note.label, isReversed: note.isReversed, isFrozen: note.isFrozen, learningState: note.learningState,
  isSuspended: note.isSuspended, suspendedCardsCount: note.suspendedCardsCount,
  nextReviewAt: note.nextReviewAt, numberOfCards: note.numberOfCards, hasImage: note.hasImage, hasAudio: note.hasAudio,
})

/** One page of the card list of a deck and its subdecks, the way GET notes lists them. */
export async function notesPage(user: User, deck: Deck, input: NoteFiltersInput, page: number) {
  const limit = NOTES_PAGE_DEFAULT
  const options = { deckIds: await subtreeIds(deck.id), ...filtersOf(input), sortBy: deck.notesSortBy, order: deck.notesOrder, limit }
  let { rows, total } = await listNotes(user.id, { ...options, offset: (page - 1) * limit })
  /* a page past the end (its last notes just deleted) shows the last page instead */
  const last = Math.max(1, Math.ceil(total / limit))
  if (page > last) {
    page = last
    ;({ rows, total } = await listNotes(user.id, { ...options, offset: (page - 1) * limit }))
  }
  const notes = await presentNotes(user, rows.map((row) => row.id), rows)
  return {
    items: notes.map(listItem),
    total, page, pageSize: limit, sortBy: deck.notesSortBy, order: deck.notesOrder,
    query: input.query ?? '', learningState: input.learning_state ?? null, frozen: input.frozen ?? null, suspended: input.suspended ?? null,
  }
}

/** "Select all" with a search or filter on means the notes that match, not the whole deck. */
export async function matchingNoteIds(user: User, deck: Deck, input: NoteFiltersInput) {
  const filters = filtersOf(input)
  if (!filters.query && !filters.learningState && filters.frozen === undefined && filters.suspended === undefined) return null
  const rows = await notesQuery(user.id, { deckIds: await subtreeIds(deck.id), ...filters }).select('n.id')
  return rows.map((row) => row.id as number)
}
