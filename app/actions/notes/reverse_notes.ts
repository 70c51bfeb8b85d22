import db from '@adonisjs/lucid/services/db'
import type { Job } from 'bullmq'
import type User from '#models/user'
import Note from '#models/note'
import { runDeckJob, startDeckJob } from '#actions/decks/deck_jobs'
import { assertRoomFor } from '#actions/notes/save_note'
import { selectNotes, type Selection } from '#actions/notes/select_notes'
import { assertEditable } from '#queries/decks/find_deck'
import { REVERSED_ORD_OFFSET, isReversible } from '#note_types/cards'

/**
 * Adds (or removes) the reversed card of standard notes. Cloze and image
 * occlusion notes cannot be reversed and are left as they are.
 */
export default class ReverseNotes {
  async handle(user: User, selection: Selection, reverse: boolean) {
    return db.transaction(async (trx) => {
      const { deck, noteIds } = await selectNotes(user, selection, trx)
      assertEditable(deck)
      const notes = await Note.query({ client: trx }).whereIn('id', noteIds).where('is_reversed', !reverse).preload('noteType')
      const targets = notes.filter((note) => isReversible(note.noteType.definition)).map((note) => note.id)
      if (reverse) {
        const byDeck = new Map<number, number>()
        for (const note of notes) if (targets.includes(note.id)) byDeck.set(note.deckId, (byDeck.get(note.deckId) ?? 0) + 1)
        for (const [deckId, count] of byDeck) {
          await assertRoomFor(deckId, count, trx)
        }
      }
      await startDeckJob(deck, 'bulk_reversing', targets.length, 'reverse_notes', { noteIds: targets, reverse }, trx)
      return { deck, count: targets.length }
    })
  }

  static async run(job: Job, payload: { deckId: number; noteIds: number[]; reverse: boolean }) {
    await runDeckJob(job, payload.deckId, async (trx, progress) => {
      const ord = REVERSED_ORD_OFFSET
      if (payload.reverse) {
        await trx.rawQuery(
          `insert into cards (note_id, deck_id, ord, created_at)
           select n.id, n.deck_id, ?, now() from notes n where n.id = any(?)
           on conflict (note_id, ord) do nothing`,
          [ord, payload.noteIds]
        )
      } else {
        await trx.from('cards').whereIn('note_id', payload.noteIds).where('ord', '>=', ord).delete()
      }
      await trx.from('notes').whereIn('id', payload.noteIds).update({ is_reversed: payload.reverse, updated_at: new Date() })
      await progress(payload.noteIds.length)
      return { count: payload.noteIds.length }
    })
  }
}
