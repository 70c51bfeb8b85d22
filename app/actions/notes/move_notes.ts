import db from '@adonisjs/lucid/services/db'
import type { Job } from 'bullmq'
import ApiException from '#exceptions/api_exception'
import Deck from '#models/deck'
import type User from '#models/user'
import { runDeckJob, startDeckJob } from '#actions/decks/deck_jobs'
import { assertRoomFor, lockDecks } from '#actions/decks/card_limit'
import { selectNotes, type Selection } from '#actions/notes/select_notes'
import { assertEditable, findEditableDeck, idParam } from '#queries/decks/find_deck'

/** Cards of these notes that are not in the deck yet: what a move adds to it. */
async function arrivingCards(trx: Parameters<typeof assertRoomFor>[2], noteIds: number[], deckId: number) {
  const row = await trx.from('cards').whereIn('note_id', noteIds).whereNot('deck_id', deckId).count('* as count').first()
  return Number(row.count)
}

/**
 * Moves notes (and their cards and everyone's progress) to another deck. A
 * destination under another algorithm preset resets their progress: the
 * client asks the learner before sending (spec: states, algorithm).
 *
 * The destination's card limit is checked twice, each time under its lock:
 * at the request, counting the cards other pending moves will bring (the
 * move reserves its own), and in the job, against the cards really there. A
 * job that no longer fits moves nothing and leaves its deck in
 * `processing_failed` with E_CARDS_LIMIT_REACHED.
 */
export default class MoveNotes {
  async handle(user: User, selection: Selection, destinationId: number) {
    return db.transaction(async (trx) => {
      /* both decks' rows in one order, so two moves between the same two decks in opposite directions never deadlock */
      await lockDecks(trx, [idParam(selection.deckId), idParam(destinationId)])
      const { deck, noteIds } = await selectNotes(user, selection, trx, 'edit')
      const destination = await findEditableDeck(user, destinationId, trx)
      assertEditable(deck)
      if (noteIds.length === 0) return { deck, destination, moved: 0 }
      const cards = await arrivingCards(trx, noteIds, destination.id)
      await assertRoomFor(destination.id, cards, trx)
      await startDeckJob(deck, 'notes_moving', noteIds.length, 'move_notes', { noteIds, destinationId: destination.id }, trx, {
        destinationName: destination.name,
        reserved: { [destination.id]: cards },
      })
      return { deck, destination, moved: noteIds.length }
    })
  }

  static async run(job: Job, payload: { deckId: number; noteIds: number[]; destinationId: number }) {
    await runDeckJob(job, payload.deckId, async (trx) => {
      const destination = await Deck.query({ client: trx }).where('id', payload.destinationId).forUpdate().first()
      if (!destination) throw ApiException.of('E_NOT_FOUND')
      await assertRoomFor(destination.id, await arrivingCards(trx, payload.noteIds, destination.id), trx, { reservations: false })
      const source = await Deck.query({ client: trx }).where('id', payload.deckId).firstOrFail()
      const sourceRoot = await Deck.query({ client: trx }).where('id', source.rootDeckId ?? source.id).firstOrFail()
      const destinationRoot = await Deck.query({ client: trx }).where('id', destination.rootDeckId ?? destination.id).firstOrFail()
      const cards = await trx.from('cards').whereIn('note_id', payload.noteIds).select('id')
      const cardIds = cards.map((row) => row.id)
      if (sourceRoot.algorithmPreset !== destinationRoot.algorithmPreset) {
        await trx.from('card_progress').whereIn('card_id', cardIds).delete()
      }
      await trx.from('notes').whereIn('id', payload.noteIds).update({ deck_id: destination.id, updated_at: new Date() })
      await trx.from('cards').whereIn('note_id', payload.noteIds).update({ deck_id: destination.id })
      await trx.from('card_progress').whereIn('card_id', cardIds).update({ deck_id: destination.id })
      return { count: payload.noteIds.length, destinationName: destination.name }
    })
  }
}
