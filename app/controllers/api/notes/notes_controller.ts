import type { HttpContext } from '@adonisjs/core/http'
import { bulkCreateNotes } from '#actions/notes/bulk_create_notes'
import { previewNote } from '#actions/notes/preview_note'
import { createNote } from '#actions/notes/create_note'
import { updateNote } from '#actions/notes/update_note'
import { rememberSort } from '#actions/decks/update_deck'
import { findDeck } from '#queries/decks/find_deck'
import { notesListPage, NOTES_PAGE_DEFAULT, searchedNotesPage } from '#queries/notes/notes_page'
import { cardSearch } from '#queries/cards/card_search'
import { findNote, loadNotes } from '#queries/notes/load_notes'
import { findDuplicates } from '#queries/notes/find_duplicates'
import { cardsOfNotes } from '#queries/notes/cards_of_notes'
import NoteTransformer from '#transformers/note_transformer'
import CardTransformer from '#transformers/card_transformer'
import {
  bulkCreateValidator, createNoteValidator, findDuplicatesValidator, listNotesValidator,
  notesCardsValidator, previewNoteValidator, updateNoteValidator,
} from '#validators/content'

export default class NotesController {
  /**
   * The card list of a deck and its subdecks; a sort choice is remembered on the deck.
   * With `search` (the card search language), the notes with a card it finds, in the deck or, without deck_id, in every deck.
   */
  async index({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(listNotesValidator)
    if (input.search !== undefined) {
      /* parsed first: a malformed search is a 422 before anything is read */
      const search = cardSearch(user, input.search)
      const deck = input.deck_id === undefined ? null : await rememberSort(user, { ...input, deck: await findDeck(user, input.deck_id) })
      return NoteTransformer.page(await searchedNotesPage(user, deck, input, search))
    }
    const deck = await rememberSort(user, { ...input, deck: await findDeck(user, input.deck_id) })
    const page = await notesListPage(user, deck, input, input.offset ?? 0, input.limit ?? NOTES_PAGE_DEFAULT)
    return NoteTransformer.page(page)
  }

  async show({ auth, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const note = await findNote(user, params.id)
    return NoteTransformer.one(await loadNotes(user, [note.id]))
  }

  async store({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { note: input } = await request.validateUsing(createNoteValidator)
    const note = await createNote(user, input)
    return response.created(NoteTransformer.one(await loadNotes(user, [note.id])))
  }

  /** A partial update: what the body leaves out the note keeps (update_note.ts, the same rule as the web editor's save). */
  async update({ auth, request, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const existing = await findNote(user, params.id, 'edit')
    const { note: input } = await request.validateUsing(updateNoteValidator)
    await updateNote(user, { ...input, note: existing })
    return NoteTransformer.one(await loadNotes(user, [existing.id]))
  }

  /** Every card the note would make, rendered and sanitized as the study screen would show it. Nothing is saved. */
  async preview({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { note: input } = await request.validateUsing(previewNoteValidator)
    return previewNote(user, input)
  }

  async bulkCreate({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(bulkCreateValidator)
    const notes = await bulkCreateNotes(user, input)
    return response.created(NoteTransformer.created(notes))
  }

  async cards({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(notesCardsValidator)
    const search = input.search === undefined ? undefined : cardSearch(user, input.search)
    return CardTransformer.page(await cardsOfNotes(user, input.deck_id, input.ids, input.offset ?? 0, search))
  }

  async findDuplicates({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(findDuplicatesValidator)
    return NoteTransformer.duplicates(await findDuplicates(user, input.deck_id, input.query))
  }
}
