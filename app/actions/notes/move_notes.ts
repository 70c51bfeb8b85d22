import type { Job } from 'bullmq'
import ApiException from '#exceptions/api_exception'
import Deck from '#models/deck'
import type User from '#models/user'
import { runDeckJob, startDeckJob } from '#actions/decks/deck_jobs'
import { assertRoomFor, lockDecks } from '#actions/decks/card_limit'
import { selectNotes, type Selection } from '#actions/notes/select_notes'
import { assertEditable, findEditableDeck, idParam } from '#queries/decks/find_deck'
import type { JobPayload } from '#services/queue'
import { withTransaction, type ActionOptions } from '#actions/action'

/** Cards of these notes that are not in the deck yet: what a move adds to it. */
async function arrivingCards(
  trx: Parameters<typeof assertRoomFor>[2],
  noteIds: number[],
  deckId: number
) {
  const row = await trx
    .from('cards')
    .whereIn('note_id', noteIds)
    .whereNot('deck_id', deckId)
    .count('* as count')
    .first()
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
export async function moveNotes(
  user: User,
  input: Selection & { destination_deck_id: number },
  options: ActionOptions = {}
) {
  return withTransaction(options.trx, async (trx) => {
    /* both decks' rows in one order, so two moves between the same two decks in opposite directions never deadlock */
    await lockDecks(trx, [idParam(input.deck_id), idParam(input.destination_deck_id)])
    const { deck, noteIds } = await selectNotes(user, input, trx, 'edit')
    const destination = await findEditableDeck(user, input.destination_deck_id, trx)
    assertEditable(deck)
    if (noteIds.length === 0) return { deck, destination, moved: 0 }
    const cards = await arrivingCards(trx, noteIds, destination.id)
    await assertRoomFor(destination.id, cards, trx)
    await startDeckJob(
      deck,
      'notes_moving',
      noteIds.length,
      'move_notes',
      { noteIds, destinationId: destination.id },
      trx,
      {
        destinationName: destination.name,
        reserved: { [destination.id]: cards },
      }
    )
    return { deck, destination, moved: noteIds.length }
  })
}

/** The job: moves the notes, their cards and everyone's progress, if the destination still has room. */
export async function runMoveNotes(payload: JobPayload<'move_notes'>, job: Job) {
  await runDeckJob(job, payload.deckId, async (trx) => {
    const destination = await Deck.query({ client: trx })
      .where('id', payload.destinationId)
      .forUpdate()
      .first()
    if (!destination) throw ApiException.of('E_NOT_FOUND')
    await assertRoomFor(
      destination.id,
      await arrivingCards(trx, payload.noteIds, destination.id),
      trx,
      { reservations: false }
    )
    const source = await Deck.query({ client: trx }).where('id', payload.deckId).firstOrFail()
    const sourceRoot = await Deck.query({ client: trx })
      .where('id', source.rootDeckId ?? source.id)
      .firstOrFail()
    const destinationRoot = await Deck.query({ client: trx })
      .where('id', destination.rootDeckId ?? destination.id)
      .firstOrFail()
    const cardRows = await trx.from('cards').whereIn('note_id', payload.noteIds).select('id')
    const cardIds = cardRows.map((row) => row.id)
    if (sourceRoot.algorithmPreset !== destinationRoot.algorithmPreset) {
      await trx.from('card_progress').whereIn('card_id', cardIds).delete()
    }
    await trx
      .from('notes')
      .whereIn('id', payload.noteIds)
      .update({ deck_id: destination.id, updated_at: new Date() })
    await trx.from('cards').whereIn('note_id', payload.noteIds).update({ deck_id: destination.id })
    await trx.from('card_progress').whereIn('card_id', cardIds).update({ deck_id: destination.id })
    return { count: payload.noteIds.length, destinationName: destination.name }
  })
}
