import type { HttpContext } from '@adonisjs/core/http'
import { approveRevision, rejectRevision } from '#actions/publishing/review_revision'
import { closeReport } from '#actions/publishing/moderate_reports'
import { moderationQueue } from '#queries/publishing/moderation_queue'
import { assertModerator } from '#queries/publishing/find_revision'
import DeckReportTransformer from '#transformers/deck_report_transformer'
import ModerationQueueTransformer from '#transformers/moderation_queue_transformer'
import RevisionTransformer from '#transformers/revision_transformer'
import { serialize } from '#transformers/serialize'
import { closeReportValidator, rejectRevisionValidator } from '#validators/publishing'

/** The moderation queue as JSON (the page's twin): moderators only, a 404 for anyone else. */
export default class ModerationController {
  async index({ auth }: HttpContext) {
    await assertModerator(auth.use('api').getUserOrFail())
    return serialize(ModerationQueueTransformer.transform(await moderationQueue()))
  }

  async approve({ auth, params }: HttpContext) {
    const revision = await approveRevision(auth.use('api').getUserOrFail(), { id: params.id })
    return serialize(RevisionTransformer.transform(revision))
  }

  async reject({ auth, params, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    await assertModerator(user)
    const input = await request.validateUsing(rejectRevisionValidator)
    return serialize(
      RevisionTransformer.transform(await rejectRevision(user, { ...input, id: params.id }))
    )
  }

  async closeReport({ auth, params, request }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    await assertModerator(user)
    const input = await request.validateUsing(closeReportValidator)
    const report = await closeReport(user, { ...input, id: params.id })
    return serialize(DeckReportTransformer.transform(report))
  }
}
