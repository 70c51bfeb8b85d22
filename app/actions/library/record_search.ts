import db from '@adonisjs/lucid/services/db'

/** A library search as typed (trimmed, lower-cased, at most 200 characters), for popular searches. */
export async function recordSearch(
  user: { id: number } | null,
  input: { query: string; resultsCount: number }
) {
  await db.table('library_searches').insert({
    query: input.query.trim().toLowerCase().slice(0, 200),
    user_id: user?.id ?? null,
    results_count: input.resultsCount,
    created_at: new Date(),
  })
}
