import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { newGuid } from '#actions/notes/save_note'

const BATCH = 500

/**
 * Copies notes with their cards into another deck under new guids (a copy is
 * a new note, not the same one twice); with `keepProgressOf` that learner's
 * progress is copied too. Returns how many notes were copied.
 */
export async function copyNotes(
  noteIds: number[],
  toDeckId: number,
  options: { keepProgressOf?: number; onBatch?: (done: number) => Promise<void> },
  trx: TransactionClientContract
) {
  let done = 0
  for (let start = 0; start < noteIds.length; start += BATCH) {
    const ids = noteIds.slice(start, start + BATCH)
    const notes = await trx.from('notes').whereIn('id', ids).orderBy('id')
    const now = new Date()
    const inserted: { id: number }[] = await trx
      .table('notes')
      .insert(
        notes.map(
          /* fields_text is generated from fields (migration 0041): never written */
          ({
            id: _id,
            deck_id: _deck,
            guid: _guid,
            created_at: _c,
            updated_at: _u,
            fields_text: _text,
            ...rest
          }) => ({
            ...rest,
            fields: JSON.stringify(rest.fields),
            field_attachments_map: JSON.stringify(rest.field_attachments_map),
            tags: JSON.stringify(rest.tags),
            deck_id: toDeckId,
            guid: newGuid(),
            created_at: now,
            updated_at: now,
          })
        )
      )
      .returning('id')
    const copyOf = new Map(notes.map((note, index) => [note.id as number, inserted[index].id]))
    const cards = await trx.from('cards').whereIn('note_id', ids).orderBy('id')
    if (cards.length) {
      const newCards: { id: number }[] = await trx
        .table('cards')
        .insert(
          cards.map((card) => ({
            note_id: copyOf.get(card.note_id),
            deck_id: toDeckId,
            ord: card.ord,
            created_at: now,
          }))
        )
        .returning('id')
      if (options.keepProgressOf) {
        const cardCopy = new Map(
          cards.map((card, index) => [card.id as number, newCards[index].id])
        )
        const progress = await trx
          .from('card_progress')
          .where('user_id', options.keepProgressOf)
          .whereIn('card_id', [...cardCopy.keys()])
        if (progress.length) {
          await trx.table('card_progress').insert(
            progress.map((row) => ({
              ...row,
              card_id: cardCopy.get(row.card_id),
              deck_id: toDeckId,
              version: 0,
              created_at: now,
              updated_at: now,
            }))
          )
        }
        /* cards the learner removed from study stay removed in the copy */
        const suspended = await trx
          .from('card_suspensions')
          .where('user_id', options.keepProgressOf)
          .whereIn('card_id', [...cardCopy.keys()])
        if (suspended.length) {
          await trx.table('card_suspensions').insert(
            suspended.map((row) => ({
              user_id: row.user_id,
              card_id: cardCopy.get(row.card_id),
              created_at: now,
            }))
          )
        }
      }
    }
    done += notes.length
    await options.onBatch?.(done)
  }
  return done
}
