import db from '@adonisjs/lucid/services/db'
import ApiException from '#exceptions/api_exception'
import DeckExport, { type ExportFormat } from '#models/deck_export'
import type User from '#models/user'
import { findDeck } from '#queries/decks/find_deck'
import { dispatch } from '#services/queue'

export interface CreateExportInput {
  deckId: unknown
  email?: string
  includeProgress?: boolean
  format?: ExportFormat
}

/* a learner's exports waiting or running at once: more is a runaway client, not a learner */
export const MAX_PENDING_EXPORTS = 5
/* the first key of the advisory lock that serializes one user's export requests */
const EXPORT_LOCK = 4_205

/**
 * Queues an export of a deck the user may see (404 otherwise); the job writes
 * the file and e-mails its link. The job is dispatched after the commit, so
 * the worker always finds the row.
 */
export default class CreateExport {
  async handle(user: User, input: CreateExportInput) {
    const email = input.email ?? user.email
    if (!email) throw new ApiException(422, 'E_VALIDATION_ERROR', 'missing_email', { field: 'email' })
    return db.transaction(async (trx) => {
      const deck = await findDeck(user, input.deckId, trx)
      /* two requests at once must not both see four pending exports */
      await trx.rawQuery('select pg_advisory_xact_lock(?, ?)', [EXPORT_LOCK, user.id])
      const pending = await trx
        .from('deck_exports')
        .where('user_id', user.id)
        .whereIn('status', ['queued', 'processing'])
        .count('* as count')
        .first()
      if (Number(pending.count) >= MAX_PENDING_EXPORTS) {
        throw new ApiException(429, 'E_TOO_MANY_EXPORTS', 'too_many_exports', { values: { max: MAX_PENDING_EXPORTS }, hasBody: true })
      }
      const record = await DeckExport.create(
        {
          userId: user.id, deckId: deck.id, deckName: deck.name, email, format: input.format ?? 'ofc',
          includeProgress: Boolean(input.includeProgress), status: 'queued',
        },
        { client: trx }
      )
      trx.after('commit', () => void dispatch('export_deck', { exportId: record.id }))
      return record
    })
  }
}
