import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ModerationQueue } from '#queries/publishing/moderation_queue'
import OpenReportTransformer from '#transformers/open_report_transformer'
import PendingRevisionTransformer from '#transformers/pending_revision_transformer'

/** What waits for a moderator (GET moderation): pending revisions and open reports; the page takes both as props. */
export default class ModerationQueueTransformer extends BaseTransformer<ModerationQueue> {
  toObject() {
    const { revisions, reports } = this.resource
    return {
      revisions: PendingRevisionTransformer.transform(revisions),
      reports: OpenReportTransformer.transform(reports),
    }
  }
}
