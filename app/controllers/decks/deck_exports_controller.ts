import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import CreateExport from '#actions/exports/create_export'
import ApiException from '#exceptions/api_exception'
import DeckExport, { EXPORT_CONTENT_TYPES } from '#models/deck_export'
import { idParam } from '#queries/decks/find_deck'
import { wantsJson } from '#services/request_locale'
import { createExportValidator } from '#validators/exports'
import { contentDisposition } from '../../exports/download_link.js'

type Refusal = 'invalid' | 'expired' | 'gone'

const REFUSALS: Record<Refusal, { status: number; code: string; key: string }> = {
  invalid: { status: 403, code: 'E_EXPORT_LINK_INVALID', key: 'export_link_invalid' },
  expired: { status: 410, code: 'E_EXPORT_LINK_EXPIRED', key: 'export_link_expired' },
  gone: { status: 410, code: 'E_EXPORT_GONE', key: 'export_gone' },
}

/** Exports on the web: the deck menu's form, and the e-mailed download link. */
export default class DeckExportsController {
  /** POST /decks/:id/exports: queues the export; the toast says the link comes by e-mail. */
  async store({ auth, params, request, response, session, i18n }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const input = await request.validateUsing(createExportValidator, { data: { ...request.body(), deck_id: idParam(params.id) } })
    await new CreateExport().handle(user, {
      deckId: input.deck_id, email: input.email, includeProgress: input.include_progress, format: input.format,
    })
    session.flash('success', i18n.t('ui.exports.flash.queued'))
    return response.redirect().withQs().back()
  }

  /**
   * GET /exports/:id/download: no session, the signature is the credential.
   * A forged or altered link is refused (403); an expired link, or an export
   * whose file is gone, is 410. Pages get a page, JSON clients an error body.
   */
  async download(ctx: HttpContext) {
    const { request, response, params } = ctx
    const refuse = (reason: Refusal) => {
      const refusal = REFUSALS[reason]
      if (wantsJson(ctx)) throw new ApiException(refusal.status, refusal.code, refusal.key, { hasBody: true })
      response.status(refusal.status)
      return ctx.inertia.render('exports/download_error', { reason })
    }

    if (!request.hasValidSignature()) {
      /* `expires` is part of what was signed: a link past it is expired, whatever else is wrong with it */
      const expires = Number(request.qs().expires)
      return refuse(Number.isFinite(expires) && expires * 1000 <= Date.now() ? 'expired' : 'invalid')
    }
    const record = await DeckExport.find(idParam(params.id))
    if (!record || record.status !== 'done' || !record.storageKey) return refuse('gone')
    if (record.isExpired) return refuse('expired')
    const disk = drive.use()
    if (!(await disk.exists(record.storageKey))) return refuse('gone')

    const fileName = record.storageKey.slice(record.storageKey.lastIndexOf('/') + 1)
    response.header('Content-Type', EXPORT_CONTENT_TYPES[record.format])
    response.header('Content-Disposition', contentDisposition(fileName))
    if (record.size !== null) response.header('Content-Length', String(record.size))
    response.header('Cache-Control', 'private, no-store')
    response.header('X-Content-Type-Options', 'nosniff')
    return response.stream(await disk.getStream(record.storageKey))
  }
}
