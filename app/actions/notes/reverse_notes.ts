import type { Job } from 'bullmq'
import type User from '#models/user'
import Note from '#models/note'
import { runDeckJob, startDeckJob } from '#actions/decks/deck_jobs'
import { assertRoomFor } from '#actions/decks/card_limit'
import { selectNotes, type Selection } from '#actions/notes/select_notes'
import { assertEditable } from '#queries/decks/find_deck'
import { REVERSED_ORD_OFFSET, isReversible } from '#note_types/cards'
import type { JobPayload } from '#services/queue'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * Adds (or removes) the reversed card of standard notes. Cloze and image
 * occlusion notes cannot be reversed and are left as they are.
 */
export async function reverseNotes(
  user: User,
  input: Selection & { reverse: boolean },
  options: ActionOptions = {}
) {
  const reverse = input.reverse
  return withTransaction(options.trx, async (trx) => {
    const { deck, noteIds } = await selectNotes(user, input, trx, 'edit')
    assertEditable(deck)
    const notes = await Note.query({ client: trx })
      .whereIn('id', noteIds)
      .where('is_reversed', !reverse)
      .preload('noteType')
    const targets = notes
      .filter((note) => isReversible(note.noteType.definition))
      .map((note) => note.id)
    const reserved: Record<string, number> = {}
    if (reverse) {
      for (const note of notes)
        if (targets.includes(note.id)) reserved[note.deckId] = (reserved[note.deckId] ?? 0) + 1
      /* by deck id: one lock order (card_limit.ts) */
      for (const deckId of Object.keys(reserved)
        .map(Number)
        .sort((a, b) => a - b))
        await assertRoomFor(deckId, reserved[deckId], trx)
    }
    await startDeckJob(
      deck,
      'bulk_reversing',
      targets.length,
      'reverse_notes',
      { noteIds: targets, reverse },
      trx,
      { reserved }
    )
    return { deck, count: targets.length }
  })
}

/** The job: adds (or removes) the reversed cards, within each deck's card limit. */
export async function runReverseNotes(payload: JobPayload<'reverse_notes'>, job: Job) {
  await runDeckJob(job, payload.deckId, async (trx) => {
    const ord = REVERSED_ORD_OFFSET
    if (payload.reverse) {
      /* the reversed cards each deck is about to get, checked under its lock against the cards there now */
      const arriving = await trx
        .from('notes as n')
        .whereIn('n.id', payload.noteIds)
        .whereNotExists((query) =>
          query.from('cards as c').whereColumn('c.note_id', 'n.id').where('c.ord', ord)
        )
        .groupBy('n.deck_id')
        .orderBy('n.deck_id')
        .select('n.deck_id')
        .count('* as count')
      for (const row of arriving)
        await assertRoomFor(row.deck_id, Number(row.count), trx, { reservations: false })
      await trx.rawQuery(
        `insert into cards (note_id, deck_id, ord, created_at)
         select n.id, n.deck_id, ?, now() from notes n where n.id = any(?)
         on conflict (note_id, ord) do nothing`,
        [ord, payload.noteIds]
      )
    } else {
      await trx.from('cards').whereIn('note_id', payload.noteIds).where('ord', '>=', ord).delete()
    }
    await trx
      .from('notes')
      .whereIn('id', payload.noteIds)
      .update({ is_reversed: payload.reverse, updated_at: new Date() })
    return { count: payload.noteIds.length }
  })
}
