import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { limitOf } from '#services/plan_limits'

/* the limits themselves (which holds, and its size): app/services/plan_limits.ts */

/* a type alias, not an interface: Inertia's render() wants props assignable to JSON records */
export type DailyLimit = {
  limit: number | null
  studiedToday: number
  reached: boolean
  kind: 'daily' | 'guest' | null
}

/**
 * Where the learner stands against their limits today: what they used,
 * counted as an answer is held to it (mnemo_limit_used,
 * database/sql/mnemo_record_answer_v2.sql).
 */
export async function dailyLimit(user: User, today: string): Promise<DailyLimit> {
  const { kind, limit } = limitOf(user)
  if (kind === null) return { limit: null, studiedToday: 0, reached: false, kind: null }
  const { rows } = await db.rawQuery('select mnemo_limit_used(?, ?, ?) as used', [
    user.id,
    kind,
    today,
  ])
  const studied = Number(rows[0].used)
  return { limit: limit!, studiedToday: studied, reached: studied >= limit!, kind }
}
