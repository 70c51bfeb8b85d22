import { BaseTransformer } from '@adonisjs/core/transformers'
import type DeckRevision from '#models/deck_revision'

/** A deck revision as the author and the moderators see it (GET deck_revisions/{id} and the publishing calls). */
export default class RevisionTransformer extends BaseTransformer<DeckRevision> {
  toObject() {
    const revision = this.resource
    return {
      id: revision.id,
      deckId: revision.deckId,
      publicDeckId: revision.publicDeckId,
      status: revision.status,
      changes: {
        createdCount: revision.createdCount,
        updatedCount: revision.updatedCount,
        deletedCount: revision.deletedCount,
      },
      reason: revision.reason ?? null,
      version: revision.version,
      name: revision.name,
      description: revision.description,
      reviewedAt: revision.reviewedAt?.toISO() ?? null,
      createdAt: revision.createdAt.toISO()!,
    }
  }
}
