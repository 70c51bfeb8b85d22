import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import SaveNote from '#actions/notes/save_note'
import BulkCreateNotes from '#actions/notes/bulk_create_notes'
import PreviewNote from '#actions/notes/preview_note'
import { rememberSort } from '#actions/decks/update_deck'
import { findDeck, findEditableDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'
import { listNotes } from '#queries/notes/list_notes'
import { findNote, presentNotes } from '#queries/notes/present_notes'
import { findDuplicates } from '#queries/notes/find_duplicates'
import { cardsOfNotes } from '#queries/notes/cards_of_notes'
import {
  bulkCreateValidator, createNoteValidator, findDuplicatesValidator, listNotesValidator,
  notesCardsValidator, previewNoteValidator, updateNoteValidator,
} from '#validators/content'

export const NOTES_PAGE_DEFAULT = 20

export default class NotesController {
  /** The card list of a deck and its subdecks; a sort choice is remembered on the deck. */
  async index({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(listNotesValidator)
    const deck = await rememberSort(user, await findDeck(user, input.deck_id), input)
    const offset = input.offset ?? 0
    const limit = input.limit ?? NOTES_PAGE_DEFAULT
    const { rows, total } = await listNotes(user.id, {
      deckIds: await subtreeIds(deck.id), query: input.query, learningState: input.learning_state, frozen: input.frozen, suspended: input.suspended,
      sortBy: deck.notesSortBy, order: deck.notesOrder, offset, limit,
    })
    const notes = await presentNotes(user, rows.map((row) => row.id), rows)
    return { notes, total, offset, limit, sortBy: deck.notesSortBy, order: deck.notesOrder }
  }

  async show({ auth, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const note = await findNote(user, params.id)
    return (await presentNotes(user, [note.id]))[0]
  }

  async store({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { note: input } = await request.validateUsing(createNoteValidator)
    const note = await db.transaction(async (trx) => {
      const deck = await findEditableDeck(user, input.deck_id, trx)
      return new SaveNote().handle(user, deck, {
        noteTypeId: input.template_id, fields: input.fields, fieldAttachmentsMap: input.field_attachments_map, reverse: input.reverse,
      }, trx)
    })
    return response.created((await presentNotes(user, [note.id]))[0])
  }

  async update({ auth, request, params }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const existing = await findNote(user, params.id)
    const { note: input } = await request.validateUsing(updateNoteValidator)
    await db.transaction(async (trx) => {
      const deck = await findEditableDeck(user, existing.deckId, trx)
      await new SaveNote().handle(user, deck, {
        noteTypeId: input.template_id ?? existing.noteTypeId,
        fields: input.fields,
        fieldAttachmentsMap: input.field_attachments_map ?? existing.fieldAttachmentsMap,
        reverse: input.reverse ?? existing.isReversed,
      }, trx, existing)
    })
    return (await presentNotes(user, [existing.id]))[0]
  }

  /** Every card the note would make, rendered and sanitized as the study screen would show it. Nothing is saved. */
  async preview({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const { note: input } = await request.validateUsing(previewNoteValidator)
    return new PreviewNote().handle(user, input.deck_id, {
      noteTypeId: input.template_id, fields: input.fields, fieldAttachmentsMap: input.field_attachments_map, reverse: input.reverse,
    })
  }

  async bulkCreate({ auth, request, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(bulkCreateValidator)
    const notes = await new BulkCreateNotes().handle(user, input.deck_id, input.import_data, input.template_id)
    return response.created({ ids: notes.map((note) => note.id), count: notes.length })
  }

  async cards({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(notesCardsValidator)
    return cardsOfNotes(user, input.deck_id, input.ids, input.offset ?? 0)
  }

  async findDuplicates({ auth, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(findDuplicatesValidator)
    return findDuplicates(user, input.deck_id, input.query)
  }
}
