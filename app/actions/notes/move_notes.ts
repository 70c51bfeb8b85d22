import db from '@adonisjs/lucid/services/db'
import type { Job } from 'bullmq'
import ApiException from '#exceptions/api_exception'
import Deck from '#models/deck'
import type User from '#models/user'
import { runDeckJob, startDeckJob } from '#actions/decks/deck_jobs'
import { assertRoomFor } from '#actions/notes/save_note'
import { selectNotes, type Selection } from '#actions/notes/select_notes'
import { assertEditable, findEditableDeck } from '#queries/decks/find_deck'

/**
 * Moves notes (and their cards and everyone's progress) to another deck. A
 * destination under another algorithm preset resets their progress: the
 * client asks the learner before sending (spec: states, algorithm).
 */
export default class MoveNotes {
  async handle(user: User, selection: Selection, destinationId: number) {
    return db.transaction(async (trx) => {
      const { deck, noteIds } = await selectNotes(user, selection, trx)
      const destination = await findEditableDeck(user, destinationId, trx)
      assertEditable(deck)
      if (noteIds.length === 0) return { deck, moved: 0 }
      const cards = Number((await trx.from('cards').whereIn('note_id', noteIds).whereNot('deck_id', destination.id).count('* as count').first()).count)
      await assertRoomFor(destination.id, cards, trx)
      await startDeckJob(deck, 'notes_moving', noteIds.length, 'move_notes', { noteIds, destinationId: destination.id }, trx)
      deck.processing = { ...deck.processing!, destinationName: destination.name }
      await deck.useTransaction(trx).save()
      return { deck, moved: noteIds.length }
    })
  }

  static async run(job: Job, payload: { deckId: number; noteIds: number[]; destinationId: number }) {
    await runDeckJob(job, payload.deckId, async (trx, progress) => {
      const destination = await Deck.query({ client: trx }).where('id', payload.destinationId).forUpdate().first()
      if (!destination) throw new ApiException(404, 'E_NOT_FOUND', 'not_found')
      const source = await Deck.query({ client: trx }).where('id', payload.deckId).firstOrFail()
      const sourceRoot = await Deck.query({ client: trx }).where('id', source.rootDeckId ?? source.id).firstOrFail()
      const destinationRoot = await Deck.query({ client: trx }).where('id', destination.rootDeckId ?? destination.id).firstOrFail()
      const cardIds = (await trx.from('cards').whereIn('note_id', payload.noteIds).select('id')).map((row) => row.id)
      if (sourceRoot.algorithmPreset !== destinationRoot.algorithmPreset) {
        await trx.from('card_progress').whereIn('card_id', cardIds).delete()
      }
      await trx.from('notes').whereIn('id', payload.noteIds).update({ deck_id: destination.id, updated_at: new Date() })
      await trx.from('cards').whereIn('note_id', payload.noteIds).update({ deck_id: destination.id })
      await trx.from('card_progress').whereIn('card_id', cardIds).update({ deck_id: destination.id })
      await progress(payload.noteIds.length)
      return { count: payload.noteIds.length, destinationName: destination.name }
    })
  }
}
