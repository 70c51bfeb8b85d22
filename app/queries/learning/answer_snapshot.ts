import { newProgressRow } from '#models/card_progress'
import { preparedQuery } from '#services/prepared_query'

/*
 * The card an answer names as the learner has it: its deck and its progress
 * row, what the scheduler works the answer out from. A card never answered
 * has no row yet: its version is the one the row will start at (after the
 * last answered version, if the progress was reset). Read without a lock and
 * without writing (no commit to wait for); mnemo_record_answer
 * (database/sql/mnemo_record_answer_v3.sql) applies the answer's rules
 * under its locks and checks that the row did not move since.
 *
 * One SQL expression, so that it can ride along the study context's read of
 * the deck (answerContext: one statement for both) or be read alone.
 */
function snapshotExpression(user: string, card: string) {
  return `(select row_to_json(s) from (
    select p.*, c.deck_id as card_deck_id, v.version as card_version
      from cards c
      left join card_progress p on p.card_id = c.id and p.user_id = ${user}
      cross join lateral (
        select coalesce(p.version, (select coalesce(max(version_before) + 1, 0) from review_logs where user_id
          = ${user} and card_id = c.id)) as version
      ) v
     where c.id = ${card}) s)`
}

/** The snapshot as a column of a query over `decks`: the learner's id twice, then the card id (snapshotBindings). */
export const snapshotColumn = (as: string) => `${snapshotExpression('?', '?')} as ${as}`
export const snapshotBindings = (userId: number, cardId: number) => [userId, userId, cardId]

export interface AnswerSnapshot {
  card: { id: number; deck_id: number }
  row: Record<string, any> & { due_at: Date | null }
  /** false for a card never answered: `row` is the one it would start as */
  stored: boolean
}

/* row_to_json writes timestamps as text; the scheduler and undo's copy of the row take them as dates */
const TIMESTAMPS = ['due_at', 'last_reviewed_at', 'created_at', 'updated_at']

/** The snapshot read as JSON, or null when there is no such card or it is not in the session's decks. */
export function parseSnapshot(
  raw: Record<string, any> | null,
  cardId: number,
  deckIds: number[]
): AnswerSnapshot | null {
  if (!raw || !deckIds.includes(raw.card_deck_id)) return null
  const { card_deck_id: deckId, card_version: version, ...columns } = raw
  for (const key of TIMESTAMPS)
    if (typeof columns[key] === 'string') columns[key] = new Date(columns[key])
  const stored = columns.user_id !== null
  const row = stored ? (columns as AnswerSnapshot['row']) : newProgressRow(deckId, version)
  return { card: { id: cardId, deck_id: deckId }, row, stored }
}

/** The snapshot read alone, for an answer whose context was read without it. */
export async function answerSnapshot(userId: number, cardId: number, deckIds: number[]) {
  const [found] = await preparedQuery(
    'answer-snapshot-v2',
    `select ${snapshotExpression('$1', '$2')} as snapshot`,
    [userId, cardId]
  )
  return parseSnapshot(found.snapshot, cardId, deckIds)
}
