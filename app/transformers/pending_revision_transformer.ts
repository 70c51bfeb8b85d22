import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ModerationQueue } from '#queries/publishing/moderation_queue'
import RevisionTransformer from '#transformers/revision_transformer'

/** A revision waiting for a moderator: the revision, its author, and a preview of its notes. */
export default class PendingRevisionTransformer extends BaseTransformer<
  ModerationQueue['revisions'][number]
> {
  toObject() {
    const { revision, author, notesCount, notes } = this.resource
    return { ...new RevisionTransformer(revision).toObject(), author, notesCount, notes }
  }
}
