import type DeckRevision from '#models/deck_revision'
import type { ModerationQueue } from '#queries/publishing/moderation_queue'

/** A deck revision as the author and the moderators see it (GET deck_revisions/{id} and the publishing calls). */
export default class RevisionTransformer {
  static forApi(revision: DeckRevision) {
    return {
      id: revision.id,
      deckId: revision.deckId,
      publicDeckId: revision.publicDeckId,
      status: revision.status,
      changes: { createdCount: revision.createdCount, updatedCount: revision.updatedCount, deletedCount: revision.deletedCount },
      reason: revision.reason ?? null,
      version: revision.version,
      name: revision.name,
      description: revision.description,
      reviewedAt: revision.reviewedAt?.toISO() ?? null,
      createdAt: revision.createdAt.toISO()!,
    }
  }

  /** The moderation page and GET moderation: pending revisions with a preview of their notes, and open reports. */
  static queue({ revisions, reports }: ModerationQueue) {
    return {
      revisions: revisions.map(({ revision, author, notes, notesCount }) => ({
        ...this.forApi(revision),
        author,
        notesCount,
        notes,
      })),
      reports,
    }
  }
}
