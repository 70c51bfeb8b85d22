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
import NotePageTransformer from '#transformers/note_page_transformer'
import NoteDuplicatesTransformer from '#transformers/note_duplicates_transformer'
import NotesCreatedTransformer from '#transformers/notes_created_transformer'
import NotePreviewTransformer from '#transformers/note_preview_transformer'
import CardPageTransformer from '#transformers/card_page_transformer'
import { serialize } from '#transformers/serialize'
import type User from '#models/user'
import {
  bulkCreateValidator,
  createNoteValidator,
  findDuplicatesValidator,
  listNotesValidator,
  notesCardsValidator,
  previewNoteValidator,
  updateNoteValidator,
} from '#validators/content'

/** One note as the spec's Note entity (POST, PUT and GET notes/{id}), read back after any change. */
async function present(user: User, id: number) {
  const loaded = await loadNotes(user, [id])
  return serialize(NoteTransformer.transform(loaded.notes[0], loaded))
}

export default class NotesController {
  /**
   * The card list of a deck and its subdecks; a sort choice is remembered on the deck.
   * With `search` (the card search language), the notes with a card it finds, in the deck or, without deck_id,
   * in every deck.
   */
  async index({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(listNotesValidator)
    if (input.search !== undefined) {
      /* parsed first: a malformed search is a 422 before anything is read */
      const search = cardSearch(user, input.search)
      const deck =
        input.deck_id === undefined
          ? null
          : await rememberSort(user, { ...input, deck: await findDeck(user, input.deck_id) })
      const found = await searchedNotesPage(user, deck, input, search)
      return serialize(NotePageTransformer.transform(found))
    }
    const deck = await rememberSort(user, { ...input, deck: await findDeck(user, input.deck_id) })
    const page = await notesListPage(
      user,
      deck,
      input,
      input.offset ?? 0,
      input.limit ?? NOTES_PAGE_DEFAULT
    )
    return serialize(NotePageTransformer.transform(page))
  }

  async show({ auth, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const note = await findNote(user, params.id)
    return present(user, note.id)
  }

  async store({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { note: input } = await request.validateUsing(createNoteValidator)
    const note = await createNote(user, input)
    return response.created(await present(user, note.id))
  }

  /**
   * A partial update: what the body leaves out the note keeps (update_note.ts, the same rule as the web
   * editor's save).
   */
  async update({ auth, request, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const existing = await findNote(user, params.id, 'edit')
    const { note: input } = await request.validateUsing(updateNoteValidator)
    await updateNote(user, { ...input, note: existing })
    return present(user, existing.id)
  }

  /** Every card the note would make, rendered and sanitized as the study screen would show it. Nothing is saved. */
  async preview({ auth, request, i18n }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { note: input } = await request.validateUsing(previewNoteValidator)
    return serialize(NotePreviewTransformer.transform(await previewNote(user, input), i18n))
  }

  async bulkCreate({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(bulkCreateValidator)
    const notes = await bulkCreateNotes(user, input)
    return response.created(await serialize(NotesCreatedTransformer.transform({ notes })))
  }

  async cards({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(notesCardsValidator)
    const search = input.search === undefined ? undefined : cardSearch(user, input.search)
    const page = await cardsOfNotes(user, input.deck_id, input.ids, input.offset ?? 0, search)
    return serialize(CardPageTransformer.transform(page))
  }

  async findDuplicates({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(findDuplicatesValidator)
    const duplicates = await findDuplicates(user, input.deck_id, input.query)
    return serialize(NoteDuplicatesTransformer.transform(duplicates))
  }
}
