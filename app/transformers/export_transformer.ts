import { urlFor } from '@adonisjs/core/services/url_builder'
import { BaseTransformer } from '@adonisjs/core/transformers'
import type DeckExport from '#models/deck_export'
import { CONFIRMATION_HOURS } from '#models/deck_export'
import { downloadUrl } from '#services/urls/download_link'

/**
 * An export as the learner meets it: a finished file past its 7 days (or
 * gone) is expired; one waiting longer than its confirmation link lives failed.
 */
type ExportState = 'awaiting_confirmation' | 'queued' | 'processing' | 'done' | 'failed' | 'expired'

function exportState(record: DeckExport): ExportState {
  if (record.status === 'done') return record.isDownloadable ? 'done' : 'expired'
  return record.effectiveStatus
}

/** Why a failed export failed, as far as the learner can act on it. */
function failureOf(record: DeckExport) {
  if (record.confirmationLapsed || record.errorMessage === 'unconfirmed')
    return 'unconfirmed' as const
  return record.errorMessage === 'deck_deleted' ? ('deck_deleted' as const) : ('error' as const)
}

/** An export: the API's entity, and a row of the learner's exports page. */
export default class ExportTransformer extends BaseTransformer<DeckExport> {
  /**
   * The API's answer for one export (spec: deck export = deck_export_id, state, file), with its e-mailed link
   * once ready.
   */
  toObject() {
    const record = this.resource
    const url = record.isDownloadable ? downloadUrl(record) : null
    return {
      id: record.id,
      deck_export_id: record.id,
      status: record.effectiveStatus,
      state: record.effectiveStatus,
      format: record.format,
      deckId: record.deckId,
      deckName: record.deckName,
      email: record.email,
      includeProgress: record.includeProgress,
      size: record.size,
      expiresAt: record.expiresAt?.toISO() ?? null,
      createdAt: record.createdAt.toISO(),
      downloadUrl: url,
      file: url,
      /* a finished export whose link ran out: export again */
      expired: record.status === 'done' && record.isExpired,
      error:
        record.effectiveStatus === 'failed'
          ? record.confirmationLapsed
            ? 'unconfirmed'
            : record.errorMessage
          : null,
    }
  }

  /**
   * One row of the learner's exports page. The download goes through the
   * session (`/exports/:id/file`, the owner only), not the e-mailed signed link.
   */
  forList() {
    const record = this.resource
    const state = exportState(record)
    return {
      id: record.id,
      deckId: record.deckId,
      deckName: record.deckName,
      format: record.format,
      includeProgress: record.includeProgress,
      email: record.email,
      /* its link was e-mailed too (else it is fetched here only) */
      mailed: record.mailLink,
      state,
      size: record.size,
      createdAt: record.createdAt.toISO()!,
      expiresAt: record.expiresAt?.toISO() ?? null,
      downloadUrl: state === 'done' ? urlFor('exports.file', { id: record.id }) : null,
      /* until when the link mailed to the address confirms it (and starts this export) */
      confirmUntil:
        state === 'awaiting_confirmation'
          ? record.createdAt.plus({ hours: CONFIRMATION_HOURS }).toISO()
          : null,
      /* why a failed export failed, as far as the learner can act on it */
      failure: state === 'failed' ? failureOf(record) : null,
    }
  }
}
