import db from '@adonisjs/lucid/services/db'

/*
 * A learner's marks on cards beside their progress: the flag (card_flags,
 * 0 for none) and whether the card is buried now (a card_burials row whose
 * `until` is still ahead; older rows mean nothing).
 */
export type CardMarks = Map<number, { flag: number; buried: boolean }>

/** The learner's flag and burial of each of the cards (cards with neither are left out). */
export async function cardMarks(userId: number, cardIds: number[]): Promise<CardMarks> {
  const marks: CardMarks = new Map()
  if (!cardIds.length) return marks
  const [flags, burials] = await Promise.all([
    db
      .from('card_flags')
      .where('user_id', userId)
      .whereIn('card_id', cardIds)
      .select('card_id', 'flag'),
    db
      .from('card_burials')
      .where('user_id', userId)
      .whereIn('card_id', cardIds)
      .whereRaw('until > now()')
      .select('card_id'),
  ])
  for (const row of flags) marks.set(row.card_id, { flag: Number(row.flag), buried: false })
  for (const row of burials)
    marks.set(row.card_id, { flag: marks.get(row.card_id)?.flag ?? 0, buried: true })
  return marks
}

/** Which of the cards the learner removed from study (card_suspensions). */
export async function suspendedAmong(userId: number, cardIds: number[]): Promise<Set<number>> {
  if (!cardIds.length) return new Set()
  const rows = await db
    .from('card_suspensions')
    .where('user_id', userId)
    .whereIn('card_id', cardIds)
    .select('card_id')
  return new Set(rows.map((row) => row.card_id as number))
}
