import type { HttpContext } from '@adonisjs/core/http'
import { Readable } from 'node:stream'
import { createExport } from '#actions/exports/create_export'
import { findExport } from '#queries/exports/find_export'
import { createExportValidator } from '#validators/exports'
import { safeFileName } from '#actions/exports/run_export'
import { contentDisposition } from '#services/urls/download_link'
import ExportTransformer from '#transformers/export_transformer'
import { serialize } from '#transformers/serialize'
import { deckCsv } from '#exporters/deck_csv'
import { csvNotes } from '#queries/exports/csv_notes'
import { findDeck } from '#queries/decks/find_deck'
import { subtreeIds } from '#queries/decks/deck_tree'

/** The spec's export calls: queue an export (its link is e-mailed), follow it, or take a deck's CSV at once. */
export default class DeckExportsController {
  async store({ auth, request, response, i18n }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const input = await request.validateUsing(createExportValidator)
    const record = await createExport(user, { ...input, locale: i18n.locale })
    return response.accepted(await serialize(ExportTransformer.transform(record)))
  }

  async show({ auth, params }: HttpContext) {
    const record = await findExport(auth.use('api').getUserOrFail(), params.id)
    return serialize(ExportTransformer.transform(record))
  }

  /**
   * GET deck_exports/csv/{id}: the CSV of deck {id} (with its subdecks), streamed now, for apps that want it
   * without e-mail.
   */
  async csv({ auth, params, response }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    /* 404 for a deck the user may not see; the rows are read as the response streams */
    const deck = await findDeck(user, params.id)
    const rows = deckCsv(csvNotes(await subtreeIds(deck.id)))
    response.header('Content-Type', 'text/csv; charset=utf-8')
    response.header('Content-Disposition', contentDisposition(`${safeFileName(deck.name)}.csv`))
    response.header('Cache-Control', 'private, no-store')
    return response.stream(Readable.from(rows))
  }
}
