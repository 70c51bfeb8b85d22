import type { HttpContext } from '@adonisjs/core/http'
import { approveRevision, rejectRevision } from '#actions/publishing/review_revision'
import { closeReport } from '#actions/publishing/moderate_reports'
import { moderationQueue } from '#queries/publishing/moderation_queue'
import { assertModerator } from '#queries/publishing/find_revision'
import OpenReportTransformer from '#transformers/open_report_transformer'
import PendingRevisionTransformer from '#transformers/pending_revision_transformer'
import { closeReportValidator, rejectRevisionValidator } from '#validators/publishing'

/** /moderation: the moderators' page (a 404 for everyone else), the same actions as the JSON twin. */
export default class ModerationPageController {
  async show({ auth, inertia }: HttpContext) {
    await assertModerator(auth.use('web').getUserOrFail())
    const { revisions, reports } = await moderationQueue()
    return inertia.render('publishing/moderation', {
      revisions: PendingRevisionTransformer.transform(revisions),
      reports: OpenReportTransformer.transform(reports),
    })
  }

  async approve({ auth, params, response, session, i18n }: HttpContext) {
    await approveRevision(auth.use('web').getUserOrFail(), { id: params.id })
    session.flash('success', i18n.t('ui.publishing.flash.approved'))
    return response.redirect().back()
  }

  async reject({ auth, params, request, response, session, i18n }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    await assertModerator(user)
    const input = await request.validateUsing(rejectRevisionValidator)
    await rejectRevision(user, { ...input, id: params.id })
    session.flash('success', i18n.t('ui.publishing.flash.rejected'))
    return response.redirect().back()
  }

  async closeReport({ auth, params, request, response, session, i18n }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    await assertModerator(user)
    const input = await request.validateUsing(closeReportValidator)
    await closeReport(user, { ...input, id: params.id })
    session.flash('success', i18n.t(`ui.publishing.flash.report_${input.status}`))
    return response.redirect().back()
  }
}
