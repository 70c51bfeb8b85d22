import type { Infer } from '@vinejs/vine/types'
import type { cancelStreamValidator } from '#validators/ai_generation'
import AiStream from '#models/ai_stream'
import type User from '#models/user'
import { findStream } from '#queries/ai/find_stream'
import { endDeckGeneration } from '#actions/ai/run_stream'
import { giveBackFreeGeneration } from '#actions/ai/generation_limits'
import { broadcastStreamEvent } from '#services/ai_events'
import { withTransaction, type ActionOptions } from '#actions/action'

/**
 * DELETE notes/cancel_stream: the stream stops (the job sees the status at
 * its next note or within CANCEL_CHECK_MS while the provider writes, and
 * aborts the provider call); with `delete_notes` the notes it made go too.
 * One transaction that locks the stream's row, as the job does for each
 * note: no note is written after the cancel. The deck leaves
 * `ai_notes_generation` at once. A finished stream stays as it ended, but
 * `delete_notes` still removes its notes (the learner's choice arrived as
 * it finished). A stream cancelled before it made anything gives the free
 * generation back.
 */
export async function cancelStream(
  user: User,
  input: Infer<typeof cancelStreamValidator>,
  options: ActionOptions = {}
) {
  const deleteNotes = input.delete_notes ?? false
  const { stream } = await findStream(user, input.stream_id, 'edit')
  const result = await withTransaction(options.trx, async (trx) => {
    const row = await trx.from('ai_streams').where('id', stream.id).forUpdate().first()
    const running = row.status === 'queued' || row.status === 'running'
    const noteIds: number[] = row.note_ids
    if (running) {
      await trx
        .from('ai_streams')
        .where('id', stream.id)
        .update({ status: 'cancelled', finished_at: new Date(), updated_at: new Date() })
    }
    let deleted = 0
    if (deleteNotes && noteIds.length) {
      const removed = await trx
        .from('notes')
        .whereIn('id', noteIds)
        .where('deck_id', stream.deckId)
        .delete()
      deleted = Number(Array.isArray(removed) ? removed[0] : removed) || 0
    }
    const count = deleteNotes ? 0 : noteIds.length
    if (running) {
      await endDeckGeneration(stream.deckId, count, stream.id, trx)
      if (noteIds.length === 0) await giveBackFreeGeneration(stream.userId, row.free_counter, trx)
    }
    return { running, deleted, count }
  })
  if (result.running) {
    await broadcastStreamEvent(stream.deckId, {
      type: 'finished',
      streamId: stream.id,
      status: 'cancelled',
      count: result.count,
      errorCode: null,
    })
  }
  return { stream: await AiStream.findOrFail(stream.id), deleted: result.deleted }
}
