import type { Infer } from '@vinejs/vine/types'
import type { bulkNotesValidator } from '#validators/content'
import ApiException from '#exceptions/api_exception'
import type User from '#models/user'
import { resetProgress } from '#actions/decks/reset_progress'
import { moveNotes } from '#actions/notes/move_notes'
import { reverseNotes } from '#actions/notes/reverse_notes'
import { copyNotes } from '#actions/notes/copy_notes'
import { setFrozen } from '#actions/notes/freeze_notes'
import { setSuspended } from '#actions/notes/suspend_cards'
import { assertRoomFor } from '#actions/decks/card_limit'
import { selectNotes } from '#actions/notes/select_notes'
import { assertEditable } from '#queries/decks/find_deck'
import { withTransaction, type ActionOptions } from '#actions/action'

export type BulkNotesInput = Infer<typeof bulkNotesValidator>
export type BulkAction = NonNullable<BulkNotesInput['bulk_action']>

/**
 * Every bulk call on notes: the selection is resolved through the deck the
 * user may see, then one action runs, in one transaction or as a job.
 * Answers `{ count, processing }`: processing means a job took it over.
 */
export async function bulkNotes(user: User, input: BulkNotesInput, options: ActionOptions = {}) {
  const action = input.bulk_action
  const destinationId = input.destination_deck_id
  /* the notes by `ids` (or the spec's other name for them, `note_ids`), or all of the deck's */
  const selection = {
    deck_id: input.deck_id,
    ids: input.ids ?? input.note_ids,
    select_all: input.select_all,
  }
  if (!action)
    throw ApiException.of('E_VALIDATION_ERROR', {
      key: 'bulk_action_missing',
      field: 'bulk_action',
    })
  if (action === 'move' && !destinationId) {
    throw ApiException.of('E_VALIDATION_ERROR', {
      key: 'destination_missing',
      field: 'destination_deck_id',
    })
  }
  if (action === 'move') {
    const { moved } = await moveNotes(
      user,
      { ...selection, destination_deck_id: destinationId! },
      options
    )
    return { count: moved, processing: moved > 0 }
  }
  if (action === 'reverse' || action === 'unreverse') {
    const { count } = await reverseNotes(
      user,
      { ...selection, reverse: action === 'reverse' },
      options
    )
    return { count, processing: true }
  }
  return withTransaction(options.trx, async (trx) => {
    const { deck, noteIds } = await selectNotes(
      user,
      selection,
      trx,
      action === 'destroy' || action === 'duplicate' ? 'edit' : 'view'
    )
    assertEditable(deck)
    if (action === 'freeze' || action === 'unfreeze') {
      await setFrozen(user.id, noteIds, action === 'freeze', trx)
    } else if (action === 'suspend' || action === 'unsuspend') {
      /* every card of the notes leaves (or comes back to) this learner's study */
      await setSuspended(user.id, noteIds, action === 'suspend', trx)
    } else if (action === 'destroy') {
      await trx.from('notes').whereIn('id', noteIds).delete()
    } else if (action === 'reset_progress') {
      const cards = await trx.from('cards').whereIn('note_id', noteIds).select('id')
      const cardIds = cards.map((row) => row.id)
      await resetProgress(user, { id: deck.id, cardIds }, { trx })
    } else if (action === 'duplicate') {
      /* copies land next to their originals, each in its own deck */
      const notes = await trx
        .from('notes')
        .whereIn('id', noteIds)
        .select('id', 'deck_id')
        .orderBy('id')
      const byDeck = new Map<number, number[]>()
      for (const note of notes)
        byDeck.set(note.deck_id, [...(byDeck.get(note.deck_id) ?? []), note.id])
      /* by deck id: one lock order (card_limit.ts); each deck is checked under its lock right before it is written */
      for (const [deckId, ids] of [...byDeck].sort(([a], [b]) => a - b)) {
        const cardCount = await trx
          .from('cards')
          .whereIn('note_id', ids)
          .count('* as count')
          .first()
        const cards = Number(cardCount.count)
        await assertRoomFor(deckId, cards, trx)
        await copyNotes(ids, deckId, {}, trx)
      }
    }
    return { count: noteIds.length, processing: false }
  })
}
