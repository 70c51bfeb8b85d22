import { urlFor } from '@adonisjs/core/services/url_builder'
import type DeckExport from '#models/deck_export'
import { CONFIRMATION_HOURS } from '#models/deck_export'

/**
 * An export as the learner meets it: a finished file past its 7 days (or
 * gone) is expired; one waiting longer than its confirmation link lives failed.
 */
export type ExportState = 'awaiting_confirmation' | 'queued' | 'processing' | 'done' | 'failed' | 'expired'

export function exportState(record: DeckExport): ExportState {
  if (record.status === 'done') return record.isDownloadable ? 'done' : 'expired'
  return record.effectiveStatus
}

/** Why a failed export failed, as far as the learner can act on it. */
function failureOf(record: DeckExport) {
  if (record.confirmationLapsed || record.errorMessage === 'unconfirmed') return 'unconfirmed' as const
  return record.errorMessage === 'deck_deleted' ? ('deck_deleted' as const) : ('error' as const)
}

export default class ExportTransformer {
  /**
   * One row of the learner's exports page. The download goes through the
   * session (`/exports/:id/file`, the owner only), not the e-mailed signed link.
   */
  static forList(record: DeckExport) {
    const state = exportState(record)
    return {
      id: record.id,
      deckId: record.deckId,
      deckName: record.deckName,
      format: record.format,
      includeProgress: record.includeProgress,
      email: record.email,
      state,
      size: record.size,
      createdAt: record.createdAt.toISO()!,
      expiresAt: record.expiresAt?.toISO() ?? null,
      downloadUrl: state === 'done' ? urlFor('exports.file', { id: record.id }) : null,
      /* until when the link mailed to the address confirms it (and starts this export) */
      confirmUntil: state === 'awaiting_confirmation' ? record.createdAt.plus({ hours: CONFIRMATION_HOURS }).toISO() : null,
      /* why a failed export failed, as far as the learner can act on it */
      failure: state === 'failed' ? failureOf(record) : null,
    }
  }
}
