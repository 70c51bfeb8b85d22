import type db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { StudyContext } from '#queries/learning/study_context'
import { buryModeOf } from '#scheduling/burying'
import type { StoredAlgorithmSettings } from '#scheduling/presets'

/*
 * Anki's queue builder gathers no sibling it would bury (rslib/src/scheduler/
 * queue/builder/burying.rs): once a card of a note is handed out, the note's
 * other cards of the kinds the deck buries wait. Without this, a note's two
 * new cards come one after the other (new cards come in the notes' order),
 * and the second is on screen before the answer to the first buries it.
 * The cards the client holds count as handed out.
 */

export type GatheredKind = 'learning' | 'review' | 'new'

export interface SiblingGate {
  /** Of the rows found, in order, the first `want` a session may hand out; their notes count as seen. */
  keep<T extends { note_id: number }>(rows: T[], kind: GatheredKind, want: number): T[]
}

/** The gate of a session whose deck buries new or review siblings; null when it buries neither. */
export async function siblingGate(
  context: Pick<StudyContext, 'root'>,
  client: TransactionClientContract | typeof db,
  held: number[]
): Promise<SiblingGate | null> {
  const mode = buryModeOf(context.root.algorithmSettings as StoredAlgorithmSettings)
  if (!mode.buryNew && !mode.buryReviews) return null
  const heldNotes = held.length
    ? await client.from('cards').whereIn('id', held).select('note_id')
    : []
  const seen = new Set(heldNotes.map((row) => row.note_id as number))
  return {
    keep(rows, kind, want) {
      const buries = kind === 'new' ? mode.buryNew : kind === 'review' ? mode.buryReviews : false
      const kept: typeof rows = []
      for (const row of rows) {
        if (kept.length >= want) break
        if (buries && seen.has(row.note_id)) continue
        kept.push(row)
        seen.add(row.note_id)
      }
      return kept
    },
  }
}
