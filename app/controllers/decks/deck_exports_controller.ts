import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import { createExport } from '#actions/exports/create_export'
import { findExport } from '#queries/exports/find_export'
import ApiException from '#exceptions/api_exception'
import DeckExport, { EXPORT_CONTENT_TYPES } from '#models/deck_export'
import { idParam } from '#queries/decks/find_deck'
import { wantsJson } from '#services/request_locale'
import { createExportValidator } from '#validators/exports'
import { exportFileName } from '#actions/exports/run_export'
import { contentDisposition } from '#services/urls/download_link'
import { listExports } from '#queries/exports/list_exports'
import ExportTransformer from '#transformers/export_transformer'

type Refusal = 'invalid' | 'expired' | 'gone'

const REFUSALS: Record<Refusal, () => ApiException> = {
  invalid: () => ApiException.of('E_EXPORT_LINK_INVALID'),
  expired: () => ApiException.of('E_EXPORT_LINK_EXPIRED'),
  gone: () => ApiException.of('E_EXPORT_GONE'),
}

/** Exports on the web: the deck menu's form, the learner's list of exports, and the downloads. */
export default class DeckExportsController {
  /**
   * POST /decks/:id/exports: queues the export, fetched from the exports
   * page; with `mail_link` its link is e-mailed too (held for the address's
   * confirmation when it is not confirmed). The toast says which and leads
   * to the list.
   */
  async store({ auth, params, request, response, session, i18n }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const input = await request.validateUsing(createExportValidator, {
      data: { ...request.body(), deck_id: idParam(params.id) },
    })
    /* the web fetches the file from its exports page unless the form asks for the mail too */
    const record = await createExport(user, {
      ...input,
      mail_link: input.mail_link ?? false,
      locale: i18n.locale,
    })
    const waiting = record.status === 'awaiting_confirmation'
    const said = waiting
      ? i18n.t('ui.exports.flash.confirm_first', { email: record.email })
      : record.mailLink
        ? i18n.t('ui.exports.flash.queued')
        : i18n.t('ui.exports.flash.ready_here')
    session.flash('success', said)
    session.flash('successAction', {
      label: i18n.t('ui.exports.flash.open_list'),
      href: '/exports',
    })
    return response.redirect().withQs().back()
  }

  /** GET /exports: the learner's exports with their state, newest first; the page polls while one is being written. */
  async index({ auth, inertia }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    return inertia.render('exports/index', {
      exports: () =>
        listExports(user).then((records) =>
          ExportTransformer.transform(records).useVariant('forList')
        ),
    })
  }

  /** GET /exports/:id/file: the list's download button, for the export's owner only (404 for anyone else). */
  async file(ctx: HttpContext) {
    const record = await findExport(ctx.auth.use('web').getUserOrFail(), ctx.params.id)
    if (record.status !== 'done') throw ApiException.notFound()
    /* before the key: the storage sweep lets go of an expired export's file */
    if (record.isExpired) return this.refuse(ctx, 'expired')
    if (!record.storageKey) throw ApiException.notFound()
    return this.serve(ctx, record)
  }

  /**
   * GET /exports/:id/download: no session, the signature is the credential.
   * A forged or altered link is refused (403); an expired link, or an export
   * whose file is gone, is 410. Pages get a page, JSON clients an error body.
   */
  async download(ctx: HttpContext) {
    const { request, params } = ctx
    const refuse = (reason: Refusal) => this.refuse(ctx, reason)

    if (!request.hasValidSignature()) {
      /* `expires` is part of what was signed: a link past it is expired, whatever else is wrong with it */
      const expires = Number(request.qs().expires)
      return refuse(
        Number.isFinite(expires) && expires * 1000 <= Date.now() ? 'expired' : 'invalid'
      )
    }
    const record = await DeckExport.find(idParam(params.id))
    if (!record || record.status !== 'done' || !record.storageKey) return refuse('gone')
    if (record.isExpired) return refuse('expired')
    return this.serve(ctx, record)
  }

  private refuse(ctx: HttpContext, reason: Refusal) {
    const refusal = REFUSALS[reason]()
    if (wantsJson(ctx)) throw refusal
    ctx.response.status(refusal.status)
    return ctx.inertia.render('exports/download_error', { reason })
  }

  /** The stored file as an attachment under the deck's name, or 410 when it is no longer there. */
  private async serve(ctx: HttpContext, record: DeckExport) {
    const { response } = ctx
    const disk = drive.use()
    if (!record.storageKey || !(await disk.exists(record.storageKey)))
      return this.refuse(ctx, 'gone')

    response.header('Content-Type', EXPORT_CONTENT_TYPES[record.format])
    response.header('Content-Disposition', contentDisposition(exportFileName(record)))
    if (record.size !== null) response.header('Content-Length', String(record.size))
    response.header('Cache-Control', 'private, no-store')
    response.header('X-Content-Type-Options', 'nosniff')
    return response.stream(await disk.getStream(record.storageKey))
  }
}
